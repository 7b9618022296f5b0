import type { ServedModel } from "./compile-served-config";

/** How long the servers are asked for their windows; what has not answered by then did not say. */
export const LEARN_WINDOWS_TIMEOUT_MS = 3_000;

/**
 * Asks every model's server for its context window, all at once and in the background (a request
 * never waits for it), bounded by `timeoutMs` (`LEARN_WINDOWS_TIMEOUT_MS`) and by `signal` (the gateway closing).
 * Models with `context_window` in the config, and upstreams that cannot say (a test's), are not asked.
 */
export function learnContextWindows(
  models: readonly ServedModel[],
  signal: AbortSignal,
  timeoutMs: number = LEARN_WINDOWS_TIMEOUT_MS,
): void {
  const bound = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]);
  for (const model of models) {
    const { upstream } = model;
    const ask = upstream.contextWindow;
    if (ask === undefined) continue;
    model.window.learn(() => ask.call(upstream, model.config.upstream.model, bound));
  }
}
