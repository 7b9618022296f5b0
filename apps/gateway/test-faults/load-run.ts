/**
 * `pnpm test:faults`: the load run. The built gateway (`dist/cli.js serve`, a child process, so its
 * memory and CPU are its own) serves 1,000 concurrent streams of a recorded raw Qwen3.5 answer from a
 * scripted upstream in this process, all on 127.0.0.1; then clients that hang up mid-stream, then a
 * client that stops reading for 30 s; then one long answer per surface, streamed and not, each through a
 * gateway process of its own (so its peak RSS is that answer's). Every phase is bounded; the whole run
 * stops by itself within HARD_LIMIT_MS and ends only the processes it started. Prints the figures as
 * Markdown tables.
 */
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../test/server/scripted-upstream";
import { loadConfig, QWEN_MODEL } from "./load-config";
import { LOAD_REQUEST } from "./load-request";
import { markdownTable } from "./markdown-table";
import { percentile } from "./percentile";
import { readListenOverflows } from "./read-listen-overflows";
import { readProcessUsage } from "./read-process-usage";
import { runAbandonedStreams } from "./run-abandoned-streams";
import { runConcurrentStreams } from "./run-concurrent-streams";
import { LONG_OUTPUT_CASES, type LongOutputResult, longOutputReply, runLongOutput } from "./run-long-output";
import { runStalledClient } from "./run-stalled-client";
import { type GatewayProcess, startGatewayProcess } from "./start-gateway-process";

const STREAMS = 1_000;
const WARMUP_STREAMS = 20;
const ABANDONED_STREAMS = 200;
const STALL_MS = 30_000;
// 20 ms between tokens: a model decoding at 50 tokens/s per stream.
const TOKEN_INTERVAL_MS = 20;
const LOAD_LIMIT_MS = 120_000;
// Reasoning of each long answer: four times server.max_answer_bytes' default, so the answers held whole
// stop at that limit while the streams passed on go to the end.
const LONG_OUTPUT_BYTES = 64 * 1024 * 1024;
const LONG_OUTPUT_LIMIT_MS = 60_000;
const HARD_LIMIT_MS = 360_000;

const recording = readChunks("raw-qwen35-thinking-text-tool-call");
// 16 KiB of text per chunk: the endless models fill buffers quickly.
const endlessChunk = JSON.stringify({
  id: "chatcmpl-endless",
  object: "chat.completion.chunk",
  created: 1764700000,
  model: "endless",
  choices: [{ index: 0, delta: { content: "word ".repeat(3276) }, logprobs: null, finish_reason: null }],
});
// uvicorn's default (what vLLM and SGLang listen with), so the upstream's queue is not what overflows.
const UPSTREAM_BACKLOG = 2048;

const megabytes = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const milliseconds = (ms: number): string => `${Math.round(ms)} ms`;
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<number> {
  let gateway: GatewayProcess | undefined;
  let upstream: ScriptedUpstream | undefined;
  // The last resort: whatever hangs, the run ends, and it ends only its own child, by its handle.
  const hardStop = setTimeout(() => {
    process.stderr.write(`load run: over the hard limit of ${HARD_LIMIT_MS} ms, stopping\n`);
    gateway?.cli.child.kill("SIGKILL");
    process.exit(2);
  }, HARD_LIMIT_MS);
  try {
    upstream = await startScriptedUpstream(
      (request) => {
        const model = String(request.body.model);
        if (model === QWEN_MODEL) return { payloads: recording, delayMs: () => TOKEN_INTERVAL_MS };
        if (model === "endless") return { endless: () => endlessChunk };
        if (model === "slow-endless")
          return { endless: () => endlessChunk, delayMs: () => TOKEN_INTERVAL_MS };
        if (model === "long") return longOutputReply(LONG_OUTPUT_BYTES);
        return { status: 404 };
      },
      { backlog: UPSTREAM_BACKLOG },
    );
    gateway = await startGatewayProcess(loadConfig(upstream.baseUrl));
    const { origin, pid } = gateway;
    process.stderr.write(`load run: gateway pid ${pid} at ${origin}\n`);

    const warmup = await runConcurrentStreams(origin, LOAD_REQUEST, WARMUP_STREAMS, Date.now() + 30_000);
    const warmupFailures = warmup.runs.filter((run) => run.problems.length > 0).length;

    const before = readProcessUsage(pid);
    const overflowsBefore = readListenOverflows();
    const ownCpuBefore = process.cpuUsage();
    process.stderr.write(`load run: ${STREAMS} concurrent streams\n`);
    const load = await runConcurrentStreams(origin, LOAD_REQUEST, STREAMS, Date.now() + LOAD_LIMIT_MS);
    const ownCpu = process.cpuUsage(ownCpuBefore);
    const after = readProcessUsage(pid);
    const overflowsAfter = readListenOverflows();
    const failed = load.runs.filter((run) => run.problems.length > 0);
    const completed = STREAMS - failed.length;
    const durations = load.runs.map((run) => run.durationMs);
    const headers = load.runs.map((run) => run.headersMs).filter((ms) => !Number.isNaN(ms));
    const idealMs = recording.length * TOKEN_INTERVAL_MS;

    process.stderr.write(`load run: ${ABANDONED_STREAMS} clients hanging up mid-stream\n`);
    const abandoned = await runAbandonedStreams(origin, upstream, "slow-endless", ABANDONED_STREAMS);
    process.stderr.write(`load run: one client not reading for ${STALL_MS / 1000} s\n`);
    const stalled = await runStalledClient({ origin, pid, upstream, model: "endless", stallMs: STALL_MS });
    const final = readProcessUsage(pid);
    const requestLines = gateway.cli.stderr().match(/"msg":"request"/g)?.length ?? 0;
    const exit = await gateway.stop(10_000);
    gateway = undefined;

    const long: LongOutputResult[] = [];
    for (const longCase of LONG_OUTPUT_CASES) {
      process.stderr.write(
        `load run: a long answer, ${longCase.surface}, ${longCase.stream ? "streamed" : "not streamed"}\n`,
      );
      gateway = await startGatewayProcess(loadConfig(upstream.baseUrl));
      long.push(
        await runLongOutput(gateway.origin, gateway.pid, longCase, Date.now() + LONG_OUTPUT_LIMIT_MS),
      );
      await gateway.stop(10_000);
      gateway = undefined;
    }

    const problems = [
      ...(warmupFailures > 0 ? [`${warmupFailures} warm-up streams failed`] : []),
      ...failed.slice(0, 5).map((run) => `stream: ${run.problems.join("; ")}`),
      ...abandoned.problems.map((problem) => `abandoned streams: ${problem}`),
      ...stalled.problems.map((problem) => `stalled client: ${problem}`),
      ...(exit === "exit 0" ? [] : [`the gateway did not drain and exit 0 on SIGTERM: ${exit}`]),
      ...long.flatMap((result) =>
        result.problems.map(
          (problem) =>
            `long answer, ${result.case.surface}, ${result.case.stream ? "streamed" : "not streamed"}: ${problem}`,
        ),
      ),
    ];
    process.stdout.write(
      markdownTable([
        ["streams completed with a valid message", `${completed} / ${STREAMS}`],
        ["wall time, all streams", seconds(load.wallMs)],
        [
          "stream duration p50 / p99 / max",
          `${milliseconds(percentile(durations, 50))} / ${milliseconds(percentile(durations, 99))} / ${milliseconds(Math.max(...durations))} (upstream alone: ${milliseconds(idealMs)})`,
        ],
        [
          "time to headers p50 / p99",
          `${milliseconds(percentile(headers, 50))} / ${milliseconds(percentile(headers, 99))}`,
        ],
        [
          "listen queue overflows during the streams (SYNs retried after 1, 3, 7 s)",
          overflowsBefore === undefined || overflowsAfter === undefined
            ? "unknown"
            : String(overflowsAfter - overflowsBefore),
        ],
        [
          "gateway CPU time during the streams",
          `${seconds(after.cpuMs - before.cpuMs)} (${Math.round(((after.cpuMs - before.cpuMs) / load.wallMs) * 100)}% of one core)`,
        ],
        ["gateway CPU time per stream", milliseconds((after.cpuMs - before.cpuMs) / STREAMS)],
        ["load generator CPU time (clients + upstream)", seconds((ownCpu.user + ownCpu.system) / 1000)],
        [
          "gateway RSS before → peak (VmHWM) after the streams",
          `${megabytes(before.rssBytes)} → ${megabytes(after.peakRssBytes)}`,
        ],
        [
          "clients hanging up mid-stream: upstream sockets closed",
          `${abandoned.upstreamClosed} / ${abandoned.opened} within ${milliseconds(abandoned.closedWithinMs)}`,
        ],
        [
          `client not reading for ${STALL_MS / 1000} s: gateway RSS before → peak`,
          `${megabytes(stalled.rssBeforeBytes)} → ${megabytes(stalled.rssPeakBytes)}`,
        ],
        [
          "  upstream bytes written at 5 s → at 30 s (held by backpressure)",
          `${megabytes(stalled.upstreamBytesAt5s)} → ${megabytes(stalled.upstreamBytesAtEnd)}`,
        ],
        ["  upstream socket closed after the client left", milliseconds(stalled.upstreamClosedAfterMs)],
        ["gateway peak RSS (VmHWM), whole run", megabytes(final.peakRssBytes)],
        ["gateway CPU time, whole run", seconds(final.cpuMs)],
        ["request log lines", String(requestLines)],
        ["SIGTERM", exit],
      ]),
    );
    process.stdout.write(
      `\nOne long answer (${megabytes(LONG_OUTPUT_BYTES)} of reasoning, about 500 characters a chunk) per gateway process:\n\n`,
    );
    process.stdout.write(
      markdownTable(
        long.map((result) => [
          `${result.case.surface}, ${result.case.stream ? "streamed" : "not streamed"}`,
          `${result.outcome}; ${megabytes(result.clientBytes)} to the client; gateway RSS ${megabytes(result.rssBeforeBytes)} → peak ${megabytes(result.peakRssBytes)}`,
        ]),
      ),
    );
    if (problems.length > 0) {
      process.stdout.write(`\nFAILED:\n${problems.map((problem) => `- ${problem}`).join("\n")}\n`);
      return 1;
    }
    process.stdout.write("\nEvery check held.\n");
    return 0;
  } finally {
    if (gateway !== undefined) await gateway.stop(2_000);
    await upstream?.close();
    clearTimeout(hardStop);
  }
}

process.exitCode = await main();
