import { readFileSync } from "node:fs";

/**
 * Reads a recorded upstream stream (`*.chunks.jsonl`: one upstream `data:` payload per line, a chunk's
 * JSON or the literal `[DONE]`) and renders it as the SSE body the upstream sent.
 */
export function readRecording(path: string): string[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0);
}

/** The SSE body for recorded data payloads: one `data:` event per payload. */
export function toSseEvents(payloads: readonly string[]): string[] {
  return payloads.map((payload) => `data: ${payload}\n\n`);
}
