import { readFileSync } from "node:fs";
import { createParser } from "eventsource-parser";

/**
 * Reads a recorded upstream stream as its `data:` payloads. Two kinds of file:
 * - `*.chunks.jsonl`: one upstream `data:` payload per line, a chunk's JSON or the literal `[DONE]`;
 * - `*.json`: an exchange recorded by the gateway (`server.record_dir`), whose upstream reads are the SSE
 *   body as it arrived, so a user's recording can become a pipeline scenario by copying the file.
 */
export function readRecording(path: string): string[] {
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".json")) return dataPayloads(exchangeBody(text, path));
  return text.split("\n").filter((line) => line.trim().length > 0);
}

/** The SSE body for recorded data payloads: one `data:` event per payload. */
export function toSseEvents(payloads: readonly string[]): string[] {
  return payloads.map((payload) => `data: ${payload}\n\n`);
}

/** An exchange file's upstream reads joined (the gateway's `sluice replay` validates the whole format). */
function exchangeBody(text: string, path: string): string {
  const reads = (JSON.parse(text) as { upstream?: { reads?: unknown } }).upstream?.reads;
  if (!Array.isArray(reads)) throw new Error(`${path}: not a recorded exchange (no upstream.reads)`);
  return reads.map((read: { text?: unknown }) => (typeof read.text === "string" ? read.text : "")).join("");
}

/** The `data:` payloads of an SSE body, read by eventsource-parser as the transcoder's decoder reads them. */
function dataPayloads(body: string): string[] {
  const payloads: string[] = [];
  const parser = createParser({ onEvent: (message) => payloads.push(message.data) });
  parser.feed(body);
  return payloads;
}
