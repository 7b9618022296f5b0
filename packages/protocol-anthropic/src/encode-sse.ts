import type { StreamEvent } from "@sluice/events";
import type { ContentBlockDelta, MessageStreamEvent } from "./stream-events";
import { pushAnthropicEvents } from "./to-anthropic-events";

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

// The wire type of each Sluice delta kind, and the field its text goes in.
const DELTA_HEAD = {
  text: '{"type":"text_delta","text":',
  thinking: '{"type":"thinking_delta","thinking":',
  arguments: '{"type":"input_json_delta","partial_json":',
  signature: '{"type":"signature_delta","signature":',
} as const;

/**
 * Sluice's stream events as Anthropic SSE text, for one socket write. Deltas and block stops, nearly every
 * event, are written straight from the Sluice event; the rest go through `toAnthropicEvents` and
 * `encodeSseEvent`, so the bytes are those of the Anthropic events (tested).
 */
export function encodeAnthropicSse(events: Iterable<StreamEvent>): string {
  let output = "";
  let wire: MessageStreamEvent[] | undefined;
  for (const event of events) {
    if (event.type === "block-delta") {
      output += `event: content_block_delta\ndata: {"type":"content_block_delta","index":${event.index},"delta":${DELTA_HEAD[event.kind]}${JSON.stringify(event.text)}}}\n\n`;
    } else if (event.type === "block-stop") {
      output += `event: content_block_stop\ndata: {"type":"content_block_stop","index":${event.index}}\n\n`;
    } else {
      wire ??= [];
      pushAnthropicEvents(event, wire);
      for (const each of wire) output += encodeSseEvent(each);
      wire.length = 0;
    }
  }
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
