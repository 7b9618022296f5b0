import type { ContextWindow } from "./context-window";

/**
 * A model's window over its replicas: the smallest one any replica reports, since a request may land on
 * any of them (replicas of one model are meant to be the same server; a smaller one must not refuse what
 * the others accept). Replicas that say nothing do not count; undefined when none says.
 */
export function smallestWindow(windows: readonly (ContextWindow | undefined)[]): ContextWindow | undefined {
  const reported = windows.filter((window): window is ContextWindow => window !== undefined);
  if (reported.length === 0) return undefined;
  const smallest = reported.reduce((least, window) => (window.tokens < least.tokens ? window : least));
  return windows.length === 1
    ? smallest
    : {
        tokens: smallest.tokens,
        source: `${smallest.source}, the smallest that ${reported.length} of ${windows.length} replicas report`,
      };
}
