import type { RawRead } from "../api-types";
import { highlightMarkup, type MarkupKind } from "./highlight-markup";

/** A stretch of one read's text with one colour: what the raw pane draws as one span. */
export interface RawSpan {
  readonly read: number;
  readonly kind: MarkupKind | "tool-name" | "other";
  readonly text: string;
  /** For a parsing server's parsed call: the upstream's `tool_calls[].index`. */
  readonly call?: number;
}

/**
 * The raw pane's spans, read by read. `content` pieces are joined into one text and highlighted as a whole,
 * so a tag split across reads (`<tool_` | `call>`) is still one tag, then cut back at the reads' boundaries;
 * the other channels (a parsing server's reasoning and calls) keep their own kind.
 */
export function rawSpans(reads: readonly RawRead[]): RawSpan[] {
  let content = "";
  for (const read of reads)
    for (const piece of read.pieces) if (piece.channel === "content") content += piece.text;
  const ranges = highlightMarkup(content);
  let range = 0;
  let offset = 0;
  const spans: RawSpan[] = [];
  reads.forEach((read, index) => {
    for (const piece of read.pieces) {
      if (piece.channel !== "content") {
        const kind =
          piece.channel === "tool_arguments"
            ? "tool-arguments"
            : piece.channel === "tool_name"
              ? "tool-name"
              : piece.channel;
        spans.push({
          read: index,
          kind,
          text: piece.text,
          ...(piece.call === undefined ? {} : { call: piece.call }),
        });
        continue;
      }
      const end = offset + piece.text.length;
      while (offset < end) {
        while (range < ranges.length - 1 && (ranges[range] as { end: number }).end <= offset) range += 1;
        const current = ranges[range];
        const stop = current === undefined ? end : Math.min(end, current.end);
        spans.push({ read: index, kind: current?.kind ?? "text", text: content.slice(offset, stop) });
        offset = stop;
      }
    }
  });
  return spans;
}
