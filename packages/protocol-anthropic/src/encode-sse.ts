import type { ContentBlockDelta, MessageStreamEvent } from "./stream-events";

/**
 * One SSE message: `event: <type>\ndata: <json>\n\n`. The `event:` line is not optional: the
 * Anthropic SDK skips messages without one (docs/architecture.md I1). Deltas are nearly every event of a stream,
 * so they are built around `JSON.stringify(text)` instead of stringifying the whole object; the
 * bytes are identical to `JSON.stringify(event)` for events built in wire key order (tested).
 */
export function encodeSseEvent(event: MessageStreamEvent): string {
  switch (event.type) {
    case "content_block_delta":
      return `event: content_block_delta\ndata: {"type":"content_block_delta","index":${event.index},"delta":${encodeDelta(event.delta)}}\n\n`;
    case "content_block_stop":
      return `event: content_block_stop\ndata: {"type":"content_block_stop","index":${event.index}}\n\n`;
    default:
      return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
  }
}

/** Several events as one string, so a burst goes out in one socket write. */
export function encodeSseEvents(events: Iterable<MessageStreamEvent>): string {
  let output = "";
  for (const event of events) output += encodeSseEvent(event);
  return output;
}

function encodeDelta(delta: ContentBlockDelta): string {
  switch (delta.type) {
    case "text_delta":
      return `{"type":"text_delta","text":${JSON.stringify(delta.text)}}`;
    case "thinking_delta":
      return `{"type":"thinking_delta","thinking":${JSON.stringify(delta.thinking)}}`;
    case "input_json_delta":
      return `{"type":"input_json_delta","partial_json":${JSON.stringify(delta.partial_json)}}`;
    case "signature_delta":
      return `{"type":"signature_delta","signature":${JSON.stringify(delta.signature)}}`;
  }
}
