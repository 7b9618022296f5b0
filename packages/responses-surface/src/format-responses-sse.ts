import type { ResponseStreamEvent } from "./response-stream-event";

/** One SSE message; Codex CLI dispatches on the `event:` line, so it always equals `data.type`. */
export function formatResponsesSse(event: ResponseStreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}
