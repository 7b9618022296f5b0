import { request as httpRequest } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import type { ScriptedUpstream } from "../test/server/scripted-upstream";
import { within } from "../test/server/wait-until";
import { readProcessUsage } from "./read-process-usage";

export interface StalledClientOptions {
  readonly origin: string;
  /** The gateway process, sampled for memory while the client stalls. */
  readonly pid: number;
  readonly upstream: ScriptedUpstream;
  /** A model whose upstream writes as fast as it is read, forever. */
  readonly model: string;
  readonly stallMs: number;
}

export interface StalledClientResult {
  readonly rssBeforeBytes: number;
  /** The highest VmRSS sampled while the client did not read. */
  readonly rssPeakBytes: number;
  /** What the upstream had written when the client had stalled 5 s, and at the end. */
  readonly upstreamBytesAt5s: number;
  readonly upstreamBytesAtEnd: number;
  /** From the client leaving to the upstream socket closing, in ms. */
  readonly upstreamClosedAfterMs: number;
  readonly problems: readonly string[];
}

const SAMPLE_EVERY_MS = 250;
const SETTLE_MS = 5_000;
const MAX_RSS_GROWTH_BYTES = 64 * 1024 * 1024;
const MAX_LATE_UPSTREAM_BYTES = 1024 * 1024;

/**
 * A client that reads the first bytes of an endless stream and then stops reading for `stallMs`:
 * backpressure must reach the upstream (its writes block and stop growing) and the gateway's memory
 * must stay bounded; when the client leaves, the upstream socket must close.
 */
export async function runStalledClient(options: StalledClientOptions): Promise<StalledClientResult> {
  const problems: string[] = [];
  const body = JSON.stringify({
    model: options.model,
    max_tokens: 4096,
    stream: true,
    messages: [{ role: "user", content: "Write forever." }],
  });
  const rssBeforeBytes = readProcessUsage(options.pid).rssBytes;
  const url = new URL(`${options.origin}/v1/messages`);
  const client = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: "POST",
    headers: { "content-type": "application/json" },
  });
  const firstBytes = new Promise<void>((resolve, reject) => {
    client.once("response", (response) => {
      response.once("data", () => {
        // From here on nobody reads: the socket buffers fill, then TCP pushes back on the gateway.
        response.pause();
        resolve();
      });
    });
    client.once("error", reject);
  });
  client.end(body);
  await within(firstBytes, 10_000, "the stalled client's first bytes");
  const upstreamRequest = options.upstream.requestsFor(options.model).at(-1);
  if (upstreamRequest === undefined) throw new Error("the upstream saw no request for the stalled client");

  let rssPeakBytes = rssBeforeBytes;
  let upstreamBytesAt5s = 0;
  const started = Date.now();
  while (Date.now() - started < options.stallMs) {
    await sleep(SAMPLE_EVERY_MS);
    rssPeakBytes = Math.max(rssPeakBytes, readProcessUsage(options.pid).rssBytes);
    if (upstreamBytesAt5s === 0 && Date.now() - started >= SETTLE_MS)
      upstreamBytesAt5s = upstreamRequest.progress.bytesWritten;
  }
  const upstreamBytesAtEnd = upstreamRequest.progress.bytesWritten;
  if (!upstreamRequest.progress.waitingForDrain) problems.push("the upstream was not held by backpressure");
  if (upstreamBytesAtEnd - upstreamBytesAt5s > MAX_LATE_UPSTREAM_BYTES)
    problems.push(`the upstream kept writing: ${upstreamBytesAtEnd - upstreamBytesAt5s} bytes after 5 s`);
  if (rssPeakBytes - rssBeforeBytes > MAX_RSS_GROWTH_BYTES)
    problems.push(`the gateway grew by ${rssPeakBytes - rssBeforeBytes} bytes while the client stalled`);

  const left = Date.now();
  client.destroy();
  await within(
    upstreamRequest.socketClosed,
    5_000,
    "the upstream socket closing after the client left",
  ).catch((error: Error) => problems.push(error.message));
  return {
    rssBeforeBytes,
    rssPeakBytes,
    upstreamBytesAt5s,
    upstreamBytesAtEnd,
    upstreamClosedAfterMs: Date.now() - left,
    problems,
  };
}
