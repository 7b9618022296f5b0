import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GATEWAY_CLI, startChild } from "./http-bench";
import { formatNumber, printTable } from "./measure";

const BODY_BYTES = 31 * 1024 * 1024;
const CONCURRENT = 8;
const OVER_BUDGET = 12;

/** Resident-set figures of a process, in bytes (Linux /proc): now and the peak so far. */
function residentSet(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string): number =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { now: field("VmRSS"), peak: field("VmHWM") };
}

/** An upstream that reads each chat request whole and never answers: the gateway holds what it translated. */
async function startSilentUpstream(): Promise<{
  server: Server;
  port: number;
  received: () => number;
  held: IncomingMessage[];
}> {
  let received = 0;
  const held: IncomingMessage[] = [];
  const server = createServer((request) => {
    held.push(request);
    request.resume();
    request.on("end", () => {
      received += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no upstream address");
  return { server, port: address.port, received: () => received, held };
}

function post(port: number, body: Buffer, signal: AbortSignal): Promise<number> {
  return fetch(`http://127.0.0.1:${port}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
    body,
    signal,
  }).then(
    async (response) => {
      await response.arrayBuffer();
      return response.status;
    },
    () => 0,
  );
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * docs/config.md `server.max_inflight_body_bytes`: what a request body costs the gateway at its peak
 * (read, decoded, parsed, translated, sent upstream) and what the budget does to many at once. The
 * gateway runs as the built CLI; its peak resident set (VmHWM) is read from /proc.
 */
export async function benchBodies(): Promise<void> {
  const upstream = await startSilentUpstream();
  const directory = mkdtempSync(join(tmpdir(), "sluice-bench-bodies-"));
  const config = join(directory, "sluice.yaml");
  writeFileSync(
    config,
    `models:\n  - name: m\n    upstream:\n      base_url: http://127.0.0.1:${upstream.port}/v1\n      timeout_ms: 600000\n`,
  );
  const { child, port } = await startChild([
    process.execPath,
    GATEWAY_CLI,
    "serve",
    "--config",
    config,
    "--port",
    "0",
  ]);
  const pid = child.pid as number;
  const text = "x".repeat(BODY_BYTES - 200);
  const body = Buffer.from(
    JSON.stringify({ model: "m", max_tokens: 16, messages: [{ role: "user", content: text }] }),
  );
  const controller = new AbortController();
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = residentSet(pid).now;
    const concurrent = Array.from({ length: CONCURRENT }, () => post(port, body, controller.signal));
    await until(() => upstream.received() >= CONCURRENT, 60_000);
    const peak = residentSet(pid).peak;
    const perBody = (peak - baseline) / CONCURRENT;
    // Past the budget (default 256 MiB of bodies being read): the rest are answered 529 at once.
    const burst = await Promise.all(
      Array.from({ length: OVER_BUDGET }, () =>
        post(port, body, AbortSignal.any([controller.signal, AbortSignal.timeout(20_000)])),
      ),
    );
    const refused = burst.filter((status) => status === 529).length;
    printTable(
      `Request bodies: ${CONCURRENT} concurrent ${formatNumber(BODY_BYTES / 1024 / 1024)} MiB bodies held by a silent upstream, then ${OVER_BUDGET} more at once`,
      [
        "body",
        "peak resident set added per body",
        "× the body",
        `of ${OVER_BUDGET} more, answered 529`,
        "gateway peak RSS",
      ],
      [
        [
          `${formatNumber(body.length / 1024 / 1024, 1)} MiB`,
          `${formatNumber(perBody / 1024 / 1024, 1)} MiB`,
          formatNumber(perBody / body.length, 2),
          String(refused),
          `${formatNumber(residentSet(pid).peak / 1024 / 1024)} MiB`,
        ],
      ],
    );
    void concurrent;
  } finally {
    controller.abort();
    child.kill("SIGKILL");
    for (const request of upstream.held) request.socket.destroy();
    upstream.server.close();
  }
}
