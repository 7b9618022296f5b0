import type { ContextWindow } from "../upstream/context-window";

/** The `context windows` log line's field: each model's window in tokens, null when its server did not say. */
export function windowsByName(
  windows: ReadonlyMap<string, ContextWindow | undefined>,
): Record<string, number | null> {
  return Object.fromEntries([...windows].map(([name, window]) => [name, window?.tokens ?? null]));
}
