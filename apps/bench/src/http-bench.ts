import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gatewayRequests } from "./gateway-requests";
import { formatNumber, printTable } from "./measure";
import { structuredSse } from "./structured-bench";
import { upstreamSse } from "./whole-path-bench";

const HERE = import.meta.dirname;
export const GATEWAY_CLI = join(HERE, "..", "..", "gateway", "dist", "cli.js");
const PASS_THROUGH = join(HERE, "pass-through.js");
const CLOCK_TICKS_PER_SECOND = 100;

/** A fast local OpenAI-compatible upstream: answers every chat request with the same prepared SSE body. */
async function startUpstream(body: Buffer): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      // 64 KiB writes, as a busy model server's socket would deliver many events per read.
      let offset = 0;
      const pump = (): void => {
        while (offset < body.length) {
          const piece = body.subarray(offset, offset + 65536);
          offset += piece.length;
          if (!response.write(piece)) {
            response.once("drain", pump);
            return;
          }
        }
        response.end();
      };
      pump();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no upstream address");
  return { server, port: address.port };
}

/** Starts a child (pinned to CPU 1 when taskset exists) and waits for its `listening on http://H:P` line. */
export async function startChild(
  command: string[],
  options: { readonly pinned?: boolean } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const pinned =
    options.pinned !== false && existsSync("/usr/bin/taskset") ? ["taskset", "-c", "1", ...command] : command;
  const child = spawn(pinned[0] as string, pinned.slice(1), { stdio: ["ignore", "pipe", "ignore"] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL"); // by its PID: a child that never listened is not left running
      reject(new Error(`no listening line from ${command.join(" ")}: ${output}`));
    }, 15000);
    const onData = (data: Buffer): void => {
      output += data.toString();
      const match = /listening on http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        // Its request log is still read (a full pipe would stall it) but no longer kept.
        child.stdout?.off("data", onData);
        child.stdout?.resume();
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${command.join(" ")} exited with ${code}: ${output}`)));
  });
  return { child, port };
}

/** Stops a child by its PID: SIGTERM (the gateway drains, with nothing open by then), SIGKILL after 5 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await exited;
  clearTimeout(timer);
}

/** User + system CPU seconds the process has used so far (Linux /proc; the gateway is one thread of JS). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

async function timeRequest(
  port: number,
  path: string,
  body: string,
  pid: number,
): Promise<{ seconds: number; cpu: number; bytes: number }> {
  const cpuBefore = cpuSeconds(pid);
  const start = process.hrtime.bigint();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
    body,
  });
  let bytes = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, cpu: cpuSeconds(pid) - cpuBefore, bytes };
}

/** Runs of each path after the warm-up one. */
const MEASURED_ROUNDS = 10;

export async function benchHttp(chunks = 100_000): Promise<void> {
  if (!existsSync(GATEWAY_CLI)) throw new Error(`build the gateway first: ${GATEWAY_CLI} is missing`);
  const { body, events } = upstreamSse(chunks);
  const upstream = await startUpstream(Buffer.from(body));
  // A parsing server (vLLM --tool-call-parser): the same Write call as structured delta.tool_calls fragments.
  const structured = structuredSse(chunks);
  const structuredUpstream = await startUpstream(structured.body);
  const directory = mkdtempSync(join(tmpdir(), "sluice-bench-"));
  const config = join(directory, "sluice.yaml");
  writeFileSync(
    config,
    `models:\n  - name: bench\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: http://127.0.0.1:${upstream.port}/v1\n` +
      `  - name: parsing\n    upstream:\n      base_url: http://127.0.0.1:${structuredUpstream.port}/v1\n`,
  );
  const requests = gatewayRequests({ messages: "claude-sonnet-4-5", openai: "bench" });
  const request = requests.messages;
  const processes: string[][] = [
    [process.execPath, PASS_THROUGH, String(upstream.port)],
    [process.execPath, GATEWAY_CLI, "serve", "--config", config, "--port", "0"],
  ];
  const runs: { label: string; process: number; path: string; body: string; chunks?: number }[] = [
    { label: "plain pass-through (same bytes, no parsing)", process: 0, path: "/v1/messages", body: request },
    {
      label: "Sluice, Anthropic Messages (parse, sequence, encode)",
      process: 1,
      path: "/v1/messages",
      body: request,
    },
    {
      label: "Sluice, OpenAI Chat Completions",
      process: 1,
      path: "/v1/chat/completions",
      body: requests.chat,
    },
    { label: "Sluice, OpenAI Responses", process: 1, path: "/v1/responses", body: requests.responses },
    {
      label: "Sluice, Anthropic Messages, structured tool call from a parsing server (one fragment a chunk)",
      process: 1,
      path: "/v1/messages",
      body: JSON.stringify({ ...JSON.parse(request), model: "parsing", thinking: undefined }),
      chunks: structured.events,
    },
  ];
  const children: { child: ChildProcess; port: number }[] = [];
  const best = runs.map(() => ({ seconds: Number.POSITIVE_INFINITY, cpu: 0, bytes: 0 }));
  // CPU is summed over every measured round: /proc counts it in 10 ms ticks, and one pass-through run is
  // only a few ticks, so one run's figure would be off by a third.
  const cpuTotals = runs.map(() => 0);
  try {
    for (const command of processes) children.push(await startChild(command));
    // Interleaved rounds, best wall time of each (the VM's neighbours steal time in bursts); round 0 warms up.
    for (let round = 0; round <= MEASURED_ROUNDS; round++) {
      for (const [index, run] of runs.entries()) {
        const { child, port } = children[run.process] as { child: ChildProcess; port: number };
        const result = await timeRequest(port, run.path, run.body, child.pid as number);
        // A surface that answers nothing (a broken build) would otherwise print an impossible speed.
        if (result.bytes < (run.chunks ?? events))
          throw new Error(`${run.label}: only ${result.bytes} bytes came back`);
        if (round === 0) continue;
        cpuTotals[index] = (cpuTotals[index] as number) + result.cpu;
        if (result.seconds < (best[index]?.seconds ?? 0)) best[index] = result;
      }
    }
  } finally {
    for (const { child } of children) child.kill("SIGTERM");
    upstream.server.close();
    structuredUpstream.server.close();
  }
  const cpuPerChunk = runs.map(
    ({ chunks: runChunks = events }, index) =>
      ((cpuTotals[index] as number) * 1e6) / (runChunks * MEASURED_ROUNDS),
  );
  const rows = runs.map(({ label, chunks: runChunks = events }, index) => {
    const result = best[index] as { seconds: number; cpu: number; bytes: number };
    return [
      label,
      formatNumber(runChunks),
      formatNumber(runChunks / result.seconds),
      formatNumber(cpuPerChunk[index] as number, 2),
      formatNumber((cpuPerChunk[index] as number) / (cpuPerChunk[0] as number), 1),
      formatNumber(result.bytes / 1e6, 1),
    ];
  });
  printTable(
    "Gateway end to end over HTTP: a local upstream streams raw Qwen3.5 chunks through the process (pinned to one core) to a client (target ≥ 200,000 chunks/s)",
    [
      "path",
      "upstream chunks",
      "chunks/s",
      `process CPU µs/chunk (${MEASURED_ROUNDS} runs)`,
      "× pass-through",
      "MB to client",
    ],
    rows,
  );
}
