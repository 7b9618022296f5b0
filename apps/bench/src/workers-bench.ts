import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gatewayRequests } from "./gateway-requests";
import { cpuSeconds, GATEWAY_CLI, startChild, stopChild } from "./http-bench";
import { loadAnswer, percentile } from "./load-bench";
import { formatNumber, printTable } from "./measure";
import { runStreams } from "./run-streams";
import { startTickUpstream } from "./tick-upstream";

interface WorkersOptions {
  /** Concurrent streams per step, rising: the first step whose p95 gap passes 100 ms is the saturation. */
  readonly ladder: readonly number[];
  readonly tokensPerSecond: number;
  readonly seconds: number;
}

/** `pnpm bench -- workers --streams 200,400,800 --tokens-per-second 50 --seconds 6`. */
function workersOptions(): WorkersOptions {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: {
      streams: { type: "string" },
      "tokens-per-second": { type: "string" },
      seconds: { type: "string" },
    },
  });
  const positive = (name: string, text: string): number => {
    const value = Number(text);
    if (!(value > 0)) throw new Error(`workers bench: ${name} must be positive, got ${text}`);
    return value;
  };
  // Up to 1,700: since the turn's two passes one worker saturates only at about 1,400 here (docs/architecture.md §5).
  const ladder = (values.streams ?? "200,700,1400,1700").split(",").map((text) => positive("streams", text));
  return {
    ladder,
    tokensPerSecond: positive("tokens-per-second", values["tokens-per-second"] ?? "50"),
    seconds: positive("seconds", values.seconds ?? "6"),
  };
}

/** The gateway's own CPU: the primary's and every worker's (its children, read from /proc). */
function gatewayCpu(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  let total = cpuSeconds(pid);
  for (const child of children) {
    try {
      total += cpuSeconds(Number(child));
    } catch {
      // A worker that exited between the two reads has nothing more to count.
    }
  }
  return total;
}

/**
 * docs/architecture.md §5 workers: `server.workers: 1` against `2` on `/v1/messages` (the qwen3.5 preset parsing
 * raw markup), each on a rising ladder of concurrent streams at one token an SSE event. The gateway is not pinned:
 * with one worker it can use one core, with two it spreads over both, beside the upstream and the load generator
 * (one process) on the same two cores. Each step reports the tokens a second offered, the gaps
 * between a stream's reads and the streams not complete; a step is saturated where the p95 gap passes 100 ms.
 */
export async function benchWorkers(): Promise<void> {
  if (!existsSync(GATEWAY_CLI)) throw new Error(`build the gateway first: ${GATEWAY_CLI} is missing`);
  const { ladder, tokensPerSecond, seconds } = workersOptions();
  const measured = loadAnswer(Math.round(seconds * tokensPerSecond));
  const tokens = measured.length - 3; // the finish, usage and [DONE] events are not tokens
  const upstream = await startTickUpstream(
    new Map([
      ["bench", measured],
      ["warmup", loadAnswer(tokensPerSecond)],
    ]),
    tokensPerSecond,
  );
  const directory = mkdtempSync(join(tmpdir(), "sluice-bench-workers-"));
  const model = (name: string) =>
    `  - name: ${name}\n    preset: qwen3.5\n    upstream:\n      base_url: http://127.0.0.1:${upstream.port}/v1\n`;
  const requests = gatewayRequests({ messages: "bench", openai: "bench" });
  const warmups = gatewayRequests({ messages: "warmup", openai: "warmup" });
  const loadBefore = loadavg()[0] as number;
  const timeoutMs = (seconds * 3 + 30) * 1000;
  const tick = 1000 / tokensPerSecond;
  const rows: string[][] = [];
  const saturation = new Map<number, number>();
  let running: ChildProcess | undefined;
  const kill = (): void => {
    if (running?.exitCode === null) running.kill("SIGKILL");
  };
  process.on("exit", kill);
  try {
    for (const workers of [1, 2]) {
      const config = join(directory, `workers-${workers}.yaml`);
      writeFileSync(config, `server:\n  workers: ${workers}\nmodels:\n${model("bench")}${model("warmup")}`);
      // Unpinned (`taskset` would put every worker on one core): the command runs as is.
      const { child, port } = await startChild(
        [process.execPath, GATEWAY_CLI, "serve", "--config", config, "--port", "0"],
        { pinned: false },
      );
      running = child;
      try {
        for (const streams of ladder) {
          const run = (body: string) =>
            runStreams({
              port,
              path: "/v1/messages",
              body,
              streams,
              lastEvent: "event: message_stop",
              timeoutMs,
            });
          await run(warmups.messages);
          const before = gatewayCpu(child.pid as number);
          const result = await run(requests.messages);
          const cpu = gatewayCpu(child.pid as number) - before;
          const p95 = percentile(result.gaps, 0.95);
          // How far behind the upstream a stream ends: its time past its events' ticks.
          const late = result.durations.map((duration) => duration - measured.length * tick);
          if ((p95 > 100 || result.complete < streams) && !saturation.has(workers))
            saturation.set(workers, streams);
          rows.push([
            String(workers),
            formatNumber(streams),
            formatNumber(streams * tokensPerSecond),
            formatNumber(percentile(result.gaps, 0.5), 1),
            formatNumber(p95, 1),
            formatNumber(percentile(result.gaps, 0.99), 1),
            formatNumber(percentile(late, 0.99), 1),
            formatNumber(streams - result.complete),
            `${formatNumber((cpu / result.seconds) * 100)}%`,
          ]);
        }
      } finally {
        await stopChild(child);
        running = undefined;
      }
    }
  } finally {
    upstream.stop();
    process.off("exit", kill);
    upstream.server.close();
    rmSync(directory, { recursive: true, force: true });
  }
  printTable(
    `Workers: server.workers 1 and 2 on /v1/messages (qwen3.5 raw markup), ${formatNumber(tokens)} tokens a stream, one an SSE event at ${formatNumber(tokensPerSecond)} tokens/s`,
    [
      "workers",
      "streams",
      "tokens/s offered",
      "p50 gap ms",
      "p95 gap ms",
      "p99 gap ms",
      "p99 stream end ms late",
      "streams not complete",
      "gateway CPU (of one core, all its processes)",
    ],
    rows,
  );
  const saturated = (workers: number): string => {
    const streams = saturation.get(workers);
    return streams === undefined
      ? `not within the ladder (p95 ≤ 100 ms and every stream complete up to ${formatNumber(ladder.at(-1) as number)} streams)`
      : `at ${formatNumber(streams)} streams (${formatNumber(streams * tokensPerSecond)} tokens/s offered)`;
  };
  console.log(
    `\nSaturated: the first step whose p95 gap passes 100 ms (reads carry several tokens: the gateway is behind the tick) or whose streams do not all complete. ` +
      "The p99 gap is past 100 ms even on an idle gateway: once a stream, its qwen_xml call's opening markup is held until it is decided (7 tokens, about 140 ms at 50 tokens/s). " +
      `One worker saturates ${saturated(1)}; two workers ${saturated(2)}. ` +
      `${availableParallelism()} cores, shared by the gateway, the upstream and the load generator (one process, unpinned), so two workers can use at most what the other two leave; ` +
      `load average (1 min) ${formatNumber(loadBefore, 1)} before, ${formatNumber(loadavg()[0] as number, 1)} after.`,
  );
}
