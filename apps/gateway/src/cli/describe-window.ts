import type { ContextWindow } from "../upstream/context-window";

/** A model's context window for `sluice check` and the start summary: its size and where it comes from. */
export function describeWindow(window: ContextWindow | undefined): string {
  return window === undefined ? "unknown (server did not say)" : `${window.tokens} tokens (${window.source})`;
}
