import { watchSilence } from "../event-loop/watch-silence";
import { toUpstreamConnectionError } from "./to-upstream-connection-error";
import { UpstreamAbortError } from "./upstream-abort-error";
import { UpstreamTimeoutError } from "./upstream-timeout-error";

export interface CallGuardOptions {
  /** The client connection's signal. */
  readonly clientSignal: AbortSignal;
  /** Whole-request budget; undefined or 0: none. */
  readonly timeoutMs: number | undefined;
  /** Longest silence while a read is pending; undefined or 0: none. */
  readonly idleTimeoutMs: number | undefined;
}

/**
 * One upstream call's abort wiring: the fetch signal fires on client abort, on the whole-request
 * timeout, or on silence while the gateway waits for bytes; `failure` says which one it was.
 */
export interface CallGuard {
  /** Pass to fetch: aborting it makes undici destroy the socket, which is how vLLM learns to free the KV cache. */
  readonly signal: AbortSignal;
  /** The gateway now waits for the upstream (headers or a body read): silence from here counts as idle. */
  startIdle(): void;
  stopIdle(): void;
  /**
   * The typed error for a rejected fetch or body read. `url` is given for a fetch (before the response
   * headers), so a replicated upstream's failure names the replica; a body read's message stays as it was.
   */
  failure(error: unknown, url?: string): Error;
  /** Clears timers and the client listener; call once the call is over. */
  dispose(): void;
}

type AbortCause = "client" | "timeout" | "idle";

export function createCallGuard(options: CallGuardOptions): CallGuard {
  const controller = new AbortController();
  let cause: AbortCause | undefined;
  let wholeTimer: NodeJS.Timeout | undefined;

  const idleTimeoutMs = options.idleTimeoutMs;
  // Silence while the gateway waits for the upstream (headers, the next read); paused while it does not.
  const idle =
    idleTimeoutMs !== undefined && idleTimeoutMs > 0
      ? watchSilence(idleTimeoutMs, () => abort("idle"), { running: false, unref: true })
      : undefined;
  const abort = (reason: AbortCause): void => {
    if (cause !== undefined) return;
    cause = reason;
    idle?.stop();
    controller.abort(reasonError(reason));
  };
  const reasonError = (reason: AbortCause, url?: string): Error =>
    reason === "client"
      ? new UpstreamAbortError()
      : new UpstreamTimeoutError(
          reason,
          reason === "idle" ? options.idleTimeoutMs! : options.timeoutMs!,
          url,
        );

  const onClientAbort = (): void => abort("client");
  if (options.clientSignal.aborted) abort("client");
  else options.clientSignal.addEventListener("abort", onClientAbort, { once: true });

  if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
    wholeTimer = setTimeout(() => abort("timeout"), options.timeoutMs);
    // A forgotten body must not keep the process alive; the timer still aborts it if the process lives on.
    wholeTimer.unref();
  }

  return {
    signal: controller.signal,
    // Called on every upstream read: it only notes the fact (watch-silence.ts).
    startIdle() {
      if (cause === undefined) idle?.note();
    },
    stopIdle() {
      idle?.pause();
    },
    failure(error, url) {
      if (cause !== undefined) return reasonError(cause, url);
      if (error instanceof UpstreamAbortError || error instanceof UpstreamTimeoutError) return error;
      return toUpstreamConnectionError(error, url);
    },
    dispose() {
      idle?.stop();
      clearTimeout(wholeTimer);
      wholeTimer = undefined;
      options.clientSignal.removeEventListener("abort", onClientAbort);
    },
  };
}
