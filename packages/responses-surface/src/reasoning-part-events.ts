import type { OpenItem } from "./open-item";
import type { ResponseStreamEvent } from "./response-stream-event";

/** Hands out the stream's next sequence number. */
export type NextSequence = () => number;

/**
 * A reasoning item's part events. The text always streams as `content` (reasoning_text), which clients
 * reading raw reasoning and the next turn's round trip use; with `summary` (the request asked for one, see
 * wants-reasoning-summary.ts) the same text ALSO streams as the item's one `summary_text` part, the only
 * reasoning Codex CLI displays. Sending it back with both does not double it: reasoning-text.ts takes the
 * first readable source only. The summary part opens with the first non-empty text, so an item with no text
 * keeps `summary: []`, as OpenAI sends it; each chunk goes to the content part, then to the summary part.
 */
export function reasoningPartAdded(item: OpenItem, next: NextSequence): ResponseStreamEvent[] {
  return [
    {
      type: "response.content_part.added",
      item_id: item.id,
      output_index: item.outputIndex,
      content_index: 0,
      part: { type: "reasoning_text", text: "" },
      sequence_number: next(),
    },
  ];
}

/** One chunk of reasoning; `item.text` holds the text before it. */
export function reasoningDelta(
  item: OpenItem,
  delta: string,
  summary: boolean,
  next: NextSequence,
): ResponseStreamEvent[] {
  const where = { item_id: item.id, output_index: item.outputIndex };
  const events: ResponseStreamEvent[] = [
    { type: "response.reasoning_text.delta", ...where, content_index: 0, delta, sequence_number: next() },
  ];
  if (!summary) return events;
  if (item.text.length === 0)
    events.push({
      type: "response.reasoning_summary_part.added",
      ...where,
      summary_index: 0,
      part: { type: "summary_text", text: "" },
      sequence_number: next(),
    });
  events.push({
    type: "response.reasoning_summary_text.delta",
    ...where,
    summary_index: 0,
    delta,
    sequence_number: next(),
  });
  return events;
}

/** The item's parts closed, content first, in the order they were opened. */
export function reasoningPartDone(
  item: OpenItem,
  summary: boolean,
  next: NextSequence,
): ResponseStreamEvent[] {
  const where = { item_id: item.id, output_index: item.outputIndex };
  const text = item.text.text();
  const events: ResponseStreamEvent[] = [
    { type: "response.reasoning_text.done", ...where, content_index: 0, text, sequence_number: next() },
    {
      type: "response.content_part.done",
      ...where,
      content_index: 0,
      part: { type: "reasoning_text", text },
      sequence_number: next(),
    },
  ];
  if (summary && text !== "")
    events.push(
      {
        type: "response.reasoning_summary_text.done",
        ...where,
        summary_index: 0,
        text,
        sequence_number: next(),
      },
      {
        type: "response.reasoning_summary_part.done",
        ...where,
        summary_index: 0,
        part: { type: "summary_text", text },
        sequence_number: next(),
      },
    );
  return events;
}
