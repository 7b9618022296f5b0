import { loadStreamProblems } from "./load-stream-problems";

export interface StreamRun {
  /** From sending the request to the last byte, in ms. */
  readonly durationMs: number;
  /** From sending the request to the response headers (message_start follows at once), in ms. */
  readonly headersMs: number;
  /** Empty when the stream completed with the expected message. */
  readonly problems: readonly string[];
}

export interface ConcurrentRun {
  readonly runs: readonly StreamRun[];
  readonly wallMs: number;
}

/**
 * Opens `count` streams at once and reads each to its end, every one aborted at `deadline`
 * (a timestamp) so the run cannot outlive its limit.
 */
export async function runConcurrentStreams(
  origin: string,
  body: string,
  count: number,
  deadline: number,
): Promise<ConcurrentRun> {
  const started = performance.now();
  const runs = await Promise.all(Array.from({ length: count }, () => runOne(origin, body, deadline)));
  return { runs, wallMs: performance.now() - started };
}

async function runOne(origin: string, body: string, deadline: number): Promise<StreamRun> {
  const started = performance.now();
  let headersMs = Number.NaN;
  try {
    const response = await fetch(`${origin}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body,
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    headersMs = performance.now() - started;
    const text = await response.text();
    const problems =
      response.status === 200
        ? loadStreamProblems(text)
        : [`status ${response.status}: ${text.slice(0, 200)}`];
    return { durationMs: performance.now() - started, headersMs, problems };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { durationMs: performance.now() - started, headersMs, problems: [reason] };
  }
}
