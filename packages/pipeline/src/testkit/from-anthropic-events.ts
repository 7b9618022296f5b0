import type { DeltaKind, StreamEvent } from "@sluice/events";
import type { ContentBlockDelta, MessageDeltaEvent, MessageStreamEvent } from "@sluice/protocol-anthropic";

const DELTA_KIND: { readonly [Type in ContentBlockDelta["type"]]: DeltaKind } = {
  text_delta: "text",
  thinking_delta: "thinking",
  input_json_delta: "arguments",
  signature_delta: "signature",
};

/**
 * The Sluice events an Anthropic stream a client read stands for (toAnthropicEvents read backwards), so the
 * one stream checker and the aggregators can read what went over the wire. `message_delta` and `message_stop`
 * are one `message-end` (at the stop); a ping is nothing. What only the wire can get wrong (a stop without its
 * delta, the delta's keys) is `checkMessageStream`'s to report.
 */
export function fromAnthropicEvents(wire: readonly MessageStreamEvent[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  let delta: MessageDeltaEvent | undefined;
  for (const event of wire) {
    switch (event.type) {
      case "message_start":
        events.push({
          type: "message-start",
          id: event.message.id,
          model: event.message.model,
          inputTokens: event.message.usage.input_tokens,
        });
        break;
      case "content_block_start": {
        const block = event.content_block;
        events.push(
          block.type === "tool_use"
            ? { type: "block-start", index: event.index, kind: "tool-call", id: block.id, name: block.name }
            : { type: "block-start", index: event.index, kind: block.type },
        );
        break;
      }
      case "content_block_delta": {
        const change = event.delta;
        const text =
          change.type === "text_delta"
            ? change.text
            : change.type === "thinking_delta"
              ? change.thinking
              : change.type === "input_json_delta"
                ? change.partial_json
                : change.signature;
        events.push({ type: "block-delta", index: event.index, kind: DELTA_KIND[change.type], text });
        break;
      }
      case "content_block_stop":
        events.push({ type: "block-stop", index: event.index });
        break;
      case "message_delta":
        delta = event;
        break;
      case "message_stop":
        if (delta === undefined) break;
        events.push({
          type: "message-end",
          // The wire's vocabulary is wider (pause_turn): a value Sluice never sends reads as what it is.
          stopReason: delta.delta.stop_reason as Extract<StreamEvent, { type: "message-end" }>["stopReason"],
          stopSequence: delta.delta.stop_sequence,
          usage: {
            outputTokens: delta.usage.output_tokens,
            ...(delta.usage.input_tokens === undefined ? {} : { inputTokens: delta.usage.input_tokens }),
            ...(delta.usage.cache_read_input_tokens === undefined
              ? {}
              : { cachedInputTokens: delta.usage.cache_read_input_tokens }),
          },
        });
        break;
      case "error":
        events.push({ type: "error", error: event.error });
        break;
      case "ping":
        break;
    }
  }
  return events;
}
