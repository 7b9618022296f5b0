import { type ChildProcess, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gatewayRequests } from "./gateway-requests";
import { cpuSeconds, GATEWAY_CLI, startChild, stopChild } from "./http-bench";
import { formatNumber, printTable } from "./measure";
import { runStreams, type StreamsResult } from "./run-streams";
import { startTickUpstream } from "./tick-upstream";
import { chunk, qwenXmlTrace } from "./traces";
import { vllmEvents } from "./whole-path-bench";

const HERE = import.meta.dirname;
const PIPE_RELAY = join(HERE, "pass-through.js");
const FETCH_RELAY = join(HERE, "fetch-relay.js");
const ROUTES = {
  messages: "/v1/messages",
  chat: "/v1/chat/completions",
  responses: "/v1/responses",
} as const;

interface LoadOptions {
  readonly streams: number;
  readonly tokensPerSecond: number;
  readonly seconds: number;
  readonly rounds: number;
}

/** `pnpm bench -- load --streams 100 --tokens-per-second 20 --seconds 5 --rounds 3`, or SLUICE_BENCH_* in the env. */
function loadOptions(): LoadOptions {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      streams: { type: "string" },
      "tokens-per-second": { type: "string" },
      seconds: { type: "string" },
      rounds: { type: "string" },
    },
  });
  const read = (name: string, text: string | undefined, fallback: number, integer: boolean): number => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!(value > 0) || (integer && !Number.isInteger(value)))
      throw new Error(
        `load bench: ${name} must be a positive ${integer ? "integer" : "number"}, got ${text}`,
      );
    return value;
  };
  const env = process.env;
  return {
    streams: read("streams", values.streams ?? env.SLUICE_BENCH_STREAMS, 200, true),
    tokensPerSecond: read(
      "tokens-per-second",
      values["tokens-per-second"] ?? env.SLUICE_BENCH_TOKENS_PER_SECOND,
      50,
      false,
    ),
    seconds: read("seconds", values.seconds ?? env.SLUICE_BENCH_SECONDS, 8, false),
    rounds: read("rounds", values.rounds ?? env.SLUICE_BENCH_ROUNDS, 3, true),
  };
}

/**
 * vLLM's events for a raw Qwen3.5 answer of about `tokens` 4-character tokens: reasoning (a third of it),
 * `</think>`, a sentence, then a qwen_xml Write call whose content fills the rest, one token an event.
 */
export function loadAnswer(tokens: number): Buffer[] {
  const reasoning = Math.floor(tokens * 4 * 0.35);
  const sized = (content: number) => qwenXmlTrace(content, 11, reasoning);
  // The call's markup and the content's indented lines add to the prose: size the content from a first try.
  const overhead = sized(0).length;
  const wanted = Math.max(0, tokens * 4 - overhead);
  const grown = sized(wanted).length - overhead;
  const content = grown > 0 ? Math.floor((wanted * wanted) / grown) : 0;
  return vllmEvents(chunk(sized(content), 4)).map((event) => Buffer.from(event));
}

/** The middle value; with an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export function percentile(values: readonly number[], fraction: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

/**
 * docs/architecture.md §5 load: many agent streams at once, each token in its own SSE event and socket
 * read, through the built gateway on each surface and through two relays that only copy bytes (one
 * reading with `fetch`, one piping `node:http`), one path at a time. CPU per token is the relaying
 * process's own (/proc), since the upstream and the load generator run on the same two cores.
 */
export async function benchLoad(): Promise<void> {
  if (!existsSync(GATEWAY_CLI)) throw new Error(`build the gateway first: ${GATEWAY_CLI} is missing`);
  const { streams, tokensPerSecond, seconds, rounds } = loadOptions();
  const measured = loadAnswer(Math.round(seconds * tokensPerSecond));
  const tokens = measured.length - 3; // the finish, usage and [DONE] events are not tokens
  // The relaying processes are pinned to CPU 1 (startChild); this process, the upstream and the clients, to 0.
  const pinned = existsSync("/usr/bin/taskset");
  if (pinned) spawnSync("taskset", ["-a", "-p", "-c", "0", String(process.pid)], { stdio: "ignore" });
  const upstream = await startTickUpstream(
    new Map([
      ["bench", measured],
      ["warmup", loadAnswer(tokensPerSecond)],
    ]),
    tokensPerSecond,
  );
  const directory = mkdtempSync(join(tmpdir(), "sluice-bench-load-"));
  const config = join(directory, "sluice.yaml");
  const model = (name: string, aliases: string) =>
    `  - name: ${name}\n${aliases}    preset: qwen3.5\n    upstream:\n      base_url: http://127.0.0.1:${upstream.port}/v1\n`;
  const models = `models:\n${model("bench", '    aliases: ["claude-*"]\n')}${model("warmup", "")}`;
  writeFileSync(config, models);
  // The same gateway with the console on: what keeping every exchange in its ring costs per token.
  const consoleConfig = join(directory, "sluice-console.yaml");
  writeFileSync(consoleConfig, `server:\n  console: true\n${models}`);
  const requests = gatewayRequests({ messages: "claude-sonnet-4-5", openai: "bench" });
  const warmups = gatewayRequests({ messages: "warmup", openai: "warmup" });
  // SLUICE_BENCH_PROFILE=DIR: each process writes a V8 CPU profile there when it stops (open it in Chrome's
  // DevTools, or sum its self time by function), to see where a token's CPU goes.
  const profile = process.env.SLUICE_BENCH_PROFILE;
  const node =
    profile === undefined
      ? [process.execPath]
      : [process.execPath, "--cpu-prof", `--cpu-prof-dir=${profile}`];
  const commands = [
    [...node, PIPE_RELAY, String(upstream.port)],
    [...node, FETCH_RELAY, String(upstream.port)],
    [...node, GATEWAY_CLI, "serve", "--config", config, "--port", "0"],
    [...node, GATEWAY_CLI, "serve", "--config", consoleConfig, "--port", "0"],
  ];
  const paths = [
    { label: "`node:http` pipe relay (bytes only)", process: 0, route: "chat" as const },
    { label: "`fetch` relay (bytes only)", process: 1, route: "chat" as const },
    {
      label: "Sluice `/v1/messages` (qwen3.5 preset parses the raw markup)",
      process: 2,
      route: "messages" as const,
    },
    { label: "Sluice `/v1/chat/completions`", process: 2, route: "chat" as const },
    { label: "Sluice `/v1/responses`", process: 2, route: "responses" as const },
    {
      label: "Sluice `/v1/messages` with `server.console: true` (every exchange kept in the ring)",
      process: 3,
      route: "messages" as const,
    },
  ];
  const lastEvents = {
    messages: "event: message_stop",
    chat: "data: [DONE]",
    responses: "response.completed",
  };
  const loadBefore = loadavg()[0] as number;
  const children: { child: ChildProcess; port: number }[] = [];
  const timeoutMs = (seconds * 3 + 30) * 1000; // bounded even when a process falls far behind
  // Each path's result in each round: the paths take turns, so a change in the machine's speed during the
  // run (it shifts by a fifth between minutes here) weighs on every path alike, and each round's ratios are
  // taken against that round's pipe relay.
  const results: (StreamsResult & { cpu: number })[][] = paths.map(() => []);
  // Should this process die on an uncaught error, its children go with it (by PID), not on as orphans.
  const killChildren = (): void => {
    for (const { child } of children) if (child.exitCode === null) child.kill("SIGKILL");
  };
  process.on("exit", killChildren);
  try {
    for (const command of commands) children.push(await startChild(command));
    for (let round = 0; round < rounds; round++) {
      for (const [index, path] of paths.entries()) {
        const { child, port } = children[path.process] as { child: ChildProcess; port: number };
        const run = (body: string) =>
          runStreams({
            port,
            path: ROUTES[path.route],
            body,
            streams,
            lastEvent: lastEvents[path.route],
            timeoutMs,
          });
        // A second of the same load first, so the JIT has compiled the path before it is measured.
        await run(warmups[path.route]);
        const before = cpuSeconds(child.pid as number);
        const result = await run(requests[path.route]);
        results[index]?.push({ ...result, cpu: cpuSeconds(child.pid as number) - before });
      }
    }
  } finally {
    upstream.stop();
    await Promise.all(children.map(({ child }) => stopChild(child)));
    process.off("exit", killChildren);
    upstream.server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  const tick = 1000 / tokensPerSecond;
  const perToken = results.map((runs) => runs.map(({ cpu }) => (cpu * 1e6) / (streams * tokens)));
  const pipe = perToken[0] as number[];
  const rows = paths.map(({ label }, index) => {
    const runs = results[index] as (StreamsResult & { cpu: number })[];
    const costs = perToken[index] as number[];
    const ratios = costs.map((cost, round) => cost / (pipe[round] as number));
    const gaps = runs.flatMap((run) => run.gaps);
    const p99 = percentile(gaps, 0.99);
    // How far behind the upstream a stream ends: its time past its events' ticks (the wait for the first
    // tick and the request's setup included, as for the relays). Markup held back is out by then.
    const late = runs.flatMap((run) => run.durations.map((duration) => duration - measured.length * tick));
    const share = median(runs.map((run) => run.cpu / run.seconds));
    return [
      label,
      formatNumber(median(costs), 1),
      formatNumber(median(ratios), 2),
      ratios.map((ratio) => formatNumber(ratio, 2)).join(" "),
      `${formatNumber(share * 100)}%`,
      formatNumber(percentile(gaps, 0.5), 1),
      formatNumber(p99, 1),
      formatNumber(p99 - tick, 1),
      formatNumber(percentile(late, 0.99), 1),
      formatNumber(runs.reduce((sum, run) => sum + streams - run.complete, 0)),
    ];
  });
  printTable(
    `Realistic load: ${formatNumber(streams)} concurrent streams of ${formatNumber(tokens)} tokens, each token its own SSE event on a shared ${formatNumber(tokensPerSecond)} tokens/s tick (raw Qwen3.5: reasoning, text, a qwen_xml call), ${formatNumber(rounds)} rounds`,
    [
      "path",
      "process CPU µs/token (median)",
      "× pipe relay (median)",
      "× pipe relay, each round",
      "process CPU (of one core)",
      "p50 gap ms",
      "p99 gap ms",
      `p99 added to the ${formatNumber(tick, 1)} ms tick`,
      "p99 stream end ms late",
      "streams not complete (all rounds)",
    ],
    rows,
  );
  console.log(
    `\nThe paths take turns, round after round, each relaying process kept between rounds; a path's CPU per token is its median over the rounds, and its ratio the median of its ratios to the same round's pipe relay (gaps and lateness pool every round). ` +
      `The relaying process ${pinned ? "is pinned to CPU 1 and the upstream and load generator (one process) to CPU 0" : "shares the cores with the upstream and load generator (no taskset)"}: this machine's cores are shared, so CPU is the relaying process's own (/proc/PID/stat, all its threads), not wall time. ` +
      `Load average (1 min) ${formatNumber(loadBefore, 1)} before the run, ${formatNumber(loadavg()[0] as number, 1)} after: a process that other work starves reads several events at once, so its CPU per token drops while its gaps grow; such rows do not count. ` +
      "Gaps are between a stream's reads as the client sees them; on the Sluice rows they include markup held until it is decided (a call's `<tool_call>\\n<function=Write>` is 7 tokens), which \"end late\" (a stream's time past its events' ticks) leaves out.",
  );
}
