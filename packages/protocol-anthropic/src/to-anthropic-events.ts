import type { BlockDeltaEvent, BlockStartEvent, EndUsage, StreamEvent } from "@sluice/events";
import type { ContentBlock, ContentBlockDelta, MessageDeltaEvent, MessageStreamEvent } from "./stream-events";

/**
 * Sluice's stream events as the Anthropic Messages events a client reads (docs/protocol.md A3–A4), one by one:
 * each event maps alone, `message-end` to message_delta and message_stop, the rest to one event each, built in
 * wire key order (the SSE encoder's bytes depend on it).
 */
export function toAnthropicEvents(events: Iterable<StreamEvent>): MessageStreamEvent[] {
  const wire: MessageStreamEvent[] = [];
  for (const event of events) pushAnthropicEvents(event, wire);
  return wire;
}

/** The Anthropic events of one Sluice event, appended to `wire`: the SSE encoder reuses one array. */
export function pushAnthropicEvents(event: StreamEvent, wire: MessageStreamEvent[]): void {
  switch (event.type) {
    case "message-start":
      wire.push({
        type: "message_start",
        message: {
          id: event.id,
          type: "message",
          role: "assistant",
          model: event.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: {
            input_tokens: event.inputTokens,
            output_tokens: 0,
            cache_creation_input_tokens: 0,
            cache_read_input_tokens: 0,
          },
        },
      });
      return;
    case "block-start":
      wire.push({ type: "content_block_start", index: event.index, content_block: startBlock(event) });
      return;
    case "block-delta":
      wire.push({ type: "content_block_delta", index: event.index, delta: wireDelta(event) });
      return;
    case "block-stop":
      wire.push({ type: "content_block_stop", index: event.index });
      return;
    case "message-end":
      wire.push(
        {
          type: "message_delta",
          delta: { stop_reason: event.stopReason, stop_sequence: event.stopSequence },
          usage: deltaUsage(event.usage),
        },
        { type: "message_stop" },
      );
      return;
    case "error":
      wire.push({ type: "error", error: event.error });
      return;
  }
}

/** At start: text `""`, thinking `""` with signature `""`, tool_use with `input: {}` (clients build input from the deltas). */
function startBlock(event: BlockStartEvent): ContentBlock {
  switch (event.kind) {
    case "text":
      return { type: "text", text: "" };
    case "thinking":
      return { type: "thinking", thinking: "", signature: "" };
    case "tool-call":
      return { type: "tool_use", id: event.id, name: event.name, input: {} };
  }
}

function wireDelta(event: BlockDeltaEvent): ContentBlockDelta {
  switch (event.kind) {
    case "text":
      return { type: "text_delta", text: event.text };
    case "thinking":
      return { type: "thinking_delta", thinking: event.text };
    case "arguments":
      return { type: "input_json_delta", partial_json: event.text };
    case "signature":
      return { type: "signature_delta", signature: event.text };
  }
}

/** The counts the upstream reported, cumulative (docs/protocol.md A4); without them only output_tokens. */
function deltaUsage(usage: EndUsage): MessageDeltaEvent["usage"] {
  if (usage.inputTokens === undefined) return { output_tokens: usage.outputTokens };
  return {
    output_tokens: usage.outputTokens,
    input_tokens: usage.inputTokens,
    cache_read_input_tokens: usage.cachedInputTokens ?? 0,
  };
}
