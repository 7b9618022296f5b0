import type { MessageStreamEvent, StopReason, Usage } from "../stream-events";

export type BlockSpec =
  | { readonly type: "text"; readonly chunks: readonly string[] }
  | { readonly type: "thinking"; readonly chunks: readonly string[]; readonly signature: string }
  | {
      readonly type: "tool_use";
      readonly id: string;
      readonly name: string;
      readonly jsonChunks: readonly string[];
    };

export interface StreamSpec {
  readonly blocks: readonly BlockSpec[];
  readonly stopReason: StopReason;
  readonly stopSequence?: string;
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly finalUsage?: Partial<Usage>;
}

/**
 * A well-formed event sequence, built the way the pipeline emits it (wire key order): the input of every
 * consumer of Anthropic events (this package's aggregator and SSE encoder, the OpenAI surfaces' encoders).
 */
export function buildEvents(spec: StreamSpec): MessageStreamEvent[] {
  const events: MessageStreamEvent[] = [
    {
      type: "message_start",
      message: {
        id: "msg_01TestTestTestTestTestTest",
        type: "message",
        role: "assistant",
        model: "qwen3.5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: spec.inputTokens ?? 42,
          output_tokens: 1,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    },
    { type: "ping" },
  ];
  spec.blocks.forEach((block, index) => {
    switch (block.type) {
      case "text":
        events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const text of block.chunks) {
          events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
        }
        break;
      case "thinking":
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        for (const thinking of block.chunks) {
          events.push({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
        }
        events.push({
          type: "content_block_delta",
          index,
          delta: { type: "signature_delta", signature: block.signature },
        });
        break;
      case "tool_use":
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        for (const partial_json of block.jsonChunks) {
          events.push({
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json },
          });
        }
        break;
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({
    type: "message_delta",
    delta: { stop_reason: spec.stopReason, stop_sequence: spec.stopSequence ?? null },
    usage: { output_tokens: spec.outputTokens ?? 17, ...spec.finalUsage },
  });
  events.push({ type: "message_stop" });
  return events;
}
