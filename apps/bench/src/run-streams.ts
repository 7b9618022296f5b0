import { setMaxListeners } from "node:events";
import { Agent, request } from "node:http";

export interface StreamsResult {
  /** Streams that ended with status 200 after their route's last event. */
  readonly complete: number;
  /** Milliseconds between consecutive reads of a stream, all streams together (time to first byte aside). */
  readonly gaps: readonly number[];
  /** Milliseconds from each complete stream's request to its end. */
  readonly durations: readonly number[];
  readonly seconds: number;
}

/**
 * `streams` clients at once, each POSTing `body` to `path` and reading the SSE answer as it comes, with
 * `node:http` (cheaper than fetch, since the load generator shares the machine with the process measured).
 * A stream counts as complete when it ends with status 200 and its bytes hold `lastEvent`; one still
 * open at `timeoutMs` is cut and counts as not complete.
 */
export async function runStreams(options: {
  port: number;
  path: string;
  body: string;
  streams: number;
  lastEvent: string;
  timeoutMs: number;
}): Promise<StreamsResult> {
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const gaps: number[] = [];
  const durations: number[] = [];
  const deadline = AbortSignal.timeout(options.timeoutMs);
  setMaxListeners(options.streams + 10, deadline); // one listener per stream is the design, not a leak
  const start = performance.now();
  const one = (): Promise<boolean> =>
    new Promise((resolve) => {
      const sent = performance.now();
      const outgoing = request(
        {
          host: "127.0.0.1",
          port: options.port,
          path: options.path,
          method: "POST",
          agent,
          signal: deadline,
          headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
        },
        (response) => {
          let last: number | undefined;
          // The last event can be large (a Responses stream repeats its output in it), so the marker is
          // looked for as the bytes pass, keeping only enough of them to find it across two reads.
          let tail = "";
          let ended = false;
          response.on("data", (chunk: Buffer) => {
            const now = performance.now();
            if (last !== undefined) gaps.push(now - last);
            last = now;
            tail += chunk.toString("latin1");
            ended ||= tail.includes(options.lastEvent);
            tail = tail.slice(-options.lastEvent.length);
          });
          response.on("end", () => {
            const complete = response.statusCode === 200 && ended;
            if (complete) durations.push(performance.now() - sent);
            resolve(complete);
          });
          response.on("error", () => resolve(false));
          response.on("close", () => resolve(false)); // cut before its end (settles nothing after "end")
        },
      );
      outgoing.on("error", () => resolve(false));
      outgoing.end(options.body);
    });
  const results = await Promise.all(Array.from({ length: options.streams }, one));
  agent.destroy();
  return {
    complete: results.filter(Boolean).length,
    gaps,
    durations,
    seconds: (performance.now() - start) / 1000,
  };
}
