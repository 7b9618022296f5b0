import type { RawPiece, RawRead } from "@sluice/console";
import { createParser } from "eventsource-parser";

/**
 * The model's text in each recorded upstream read, pulled out of its SSE chunks: `delta.content` (where a
 * server that does not parse sends raw markup), the reasoning a parsing server split off, its parsed calls'
 * names and arguments, and what else explains the stream (an `error` chunk, a finish reason). An event split
 * across reads counts for the read that completes it. A body that was no SSE at all (a JSON answer) is shown
 * as it came. Runs when the console asks for one exchange, never on the stream's path.
 */
export function rawReads(reads: readonly { readonly t: number; readonly text: string }[]): RawRead[] {
  const pieces: RawPiece[][] = reads.map(() => []);
  let current = 0;
  let events = 0;
  const parser = createParser({
    onEvent(event) {
      events += 1;
      (pieces[current] as RawPiece[]).push(...piecesOf(event.data));
    },
  });
  reads.forEach((read, index) => {
    current = index;
    parser.feed(read.text);
  });
  if (events === 0) {
    return reads.map((read) => ({
      t: read.t,
      pieces: read.text === "" ? [] : [{ channel: "other", text: read.text }],
    }));
  }
  return reads.map((read, index) => ({ t: read.t, pieces: pieces[index] as RawPiece[] }));
}

function piecesOf(data: string): RawPiece[] {
  if (data === "[DONE]") return [];
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return [{ channel: "other", text: data }];
  }
  if (!isRecord(chunk)) return [{ channel: "other", text: data }];
  if (chunk.error !== undefined) return [{ channel: "other", text: `error: ${JSON.stringify(chunk.error)}` }];
  const out: RawPiece[] = [];
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  for (const choice of choices) {
    if (!isRecord(choice)) continue;
    const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : {};
    const reasoning = delta.reasoning_content ?? delta.reasoning;
    if (typeof reasoning === "string" && reasoning !== "")
      out.push({ channel: "reasoning", text: reasoning });
    if (typeof delta.content === "string" && delta.content !== "")
      out.push({ channel: "content", text: delta.content });
    if (Array.isArray(delta.tool_calls)) {
      delta.tool_calls.forEach((call: unknown, position: number) => {
        if (!isRecord(call)) return;
        const index = typeof call.index === "number" ? call.index : position;
        const fn = isRecord(call.function) ? call.function : {};
        if (typeof fn.name === "string" && fn.name !== "")
          out.push({ channel: "tool_name", text: fn.name, call: index });
        if (typeof fn.arguments === "string" && fn.arguments !== "")
          out.push({ channel: "tool_arguments", text: fn.arguments, call: index });
      });
    }
    if (typeof choice.finish_reason === "string")
      out.push({ channel: "other", text: `finish_reason: ${choice.finish_reason}` });
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
