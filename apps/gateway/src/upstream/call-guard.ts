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

/** How many times per idle timeout the idle timer looks (its precision: a quarter of the timeout). */
const IDLE_LOOKS = 4;

export function createCallGuard(options: CallGuardOptions): CallGuard {
  const controller = new AbortController();
  let cause: AbortCause | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let waiting = false;
  // A read (or the wait's start) since the idle timer last looked; how many looks in a row saw none.
  let active = false;
  let quietLooks = 0;
  let wholeTimer: NodeJS.Timeout | undefined;

  const abort = (reason: AbortCause): void => {
    if (cause !== undefined) return;
    cause = reason;
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
    // Called on every upstream read, so it only notes the fact: the silence is measured by one timer that
    // looks every quarter of the timeout and fires after four looks in a row saw the gateway waiting with no
    // read, i.e. after 1 to 1.25 timeouts of silence, never sooner. (Re-arming a timer per read cost more.)
    startIdle() {
      const idleTimeoutMs = options.idleTimeoutMs;
      if (idleTimeoutMs === undefined || idleTimeoutMs <= 0 || cause !== undefined) return;
      waiting = true;
      active = true;
      if (idleTimer !== undefined) return;
      idleTimer = setInterval(
        () => {
          // Not waiting (the gateway is paused on its client, or the call was aborted or forgotten): the timer
          // stops, and the next wait starts a new one. A forgotten call leaves no timer ticking on.
          if (!waiting || cause !== undefined) {
            clearInterval(idleTimer);
            idleTimer = undefined;
            quietLooks = 0;
          } else if (active) {
            active = false;
            quietLooks = 0;
          } else if (++quietLooks >= IDLE_LOOKS) {
            clearInterval(idleTimer);
            abort("idle");
          }
        },
        Math.max(1, idleTimeoutMs / IDLE_LOOKS),
      );
      idleTimer.unref();
    },
    stopIdle() {
      waiting = false;
    },
    failure(error, url) {
      if (cause !== undefined) return reasonError(cause, url);
      if (error instanceof UpstreamAbortError || error instanceof UpstreamTimeoutError) return error;
      return toUpstreamConnectionError(error, url);
    },
    dispose() {
      clearInterval(idleTimer);
      clearTimeout(wholeTimer);
      idleTimer = undefined;
      wholeTimer = undefined;
      options.clientSignal.removeEventListener("abort", onClientAbort);
    },
  };
}
