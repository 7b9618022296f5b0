import { setTimeout as sleep } from "node:timers/promises";
import type { Upstream, UpstreamRequest, UpstreamResponse } from "./upstream";
import { UpstreamAbortError } from "./upstream-abort-error";
import { UpstreamUnreachableError } from "./upstream-unreachable-error";

export interface UnreachableRetry {
  /** The waits before each new attempt, in ms: one retry per entry. */
  readonly delaysMs: readonly number[];
  /** Waits `ms`, or rejects when `signal` aborts first. Tests give their own, to see each wait instead of sleeping. */
  readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;
}

/** Four attempts over 1.75 s: long enough for a model server's port to come back after a restart. */
export const DEFAULT_UNREACHABLE_RETRY: UnreachableRetry = {
  delaysMs: [250, 500, 1000],
  wait: (ms, signal) => sleep(ms, undefined, { signal }),
};

/**
 * The upstream, with a request that could not connect at all (`UpstreamUnreachableError`: refused, DNS;
 * with replicas, every replica) tried again after each of `retry.delaysMs`. Nothing else is retried: a
 * reset, a timeout or an HTTP answer may mean the model saw the request. The last failure carries how
 * many attempts were made and how long they took, for the message (docs/http-api.md §5).
 */
export function retryUnreachable(
  upstream: Upstream,
  retry: UnreachableRetry = DEFAULT_UNREACHABLE_RETRY,
): Upstream {
  return {
    // Whatever else the upstream offers (its url, tokenize) stays as it is.
    ...upstream,
    async send(request: UpstreamRequest): Promise<UpstreamResponse> {
      let waitedMs = 0;
      for (let attempt = 1; ; attempt++) {
        try {
          return await upstream.send(request);
        } catch (error) {
          if (!(error instanceof UpstreamUnreachableError)) throw error;
          const delayMs = retry.delaysMs[attempt - 1];
          if (delayMs === undefined || request.signal.aborted) {
            throw new UpstreamUnreachableError(error.message, error.failures, {
              cause: error.cause,
              attempts: attempt,
              waitedMs,
            });
          }
          try {
            await retry.wait(delayMs, request.signal);
          } catch {
            // The client left (or a shutdown ran out of time) while the gateway waited.
            throw new UpstreamAbortError();
          }
          waitedMs += delayMs;
        }
      }
    },
  };
}
