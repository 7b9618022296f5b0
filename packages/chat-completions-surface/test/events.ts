import type { MessageStreamEvent, StopReason } from "@sluice/protocol-anthropic";

/** A hand-written event stream, shaped as the pipeline emits it (docs/architecture.md I1). */
export function messageEvents(
  blocks: (
    | { type: "thinking"; thinking: string[] }
    | { type: "text"; text: string[] }
    | { type: "tool_use"; id: string; name: string; json: string[] }
  )[],
  stopReason: StopReason,
  usage: { input: number; output: number; cacheRead?: number } = { input: 0, output: 0 },
): MessageStreamEvent[] {
  const events: MessageStreamEvent[] = [
    {
      type: "message_start",
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "m",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input,
          output_tokens: 0,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
        },
      },
    },
    { type: "ping" },
  ];
  blocks.forEach((block, index) => {
    switch (block.type) {
      case "thinking":
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        for (const thinking of block.thinking)
          events.push({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
        events.push({
          type: "content_block_delta",
          index,
          delta: { type: "signature_delta", signature: "sluice" },
        });
        break;
      case "text":
        events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const text of block.text)
          events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
        break;
      case "tool_use":
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
        });
        for (const partial_json of block.json)
          events.push({
            type: "content_block_delta",
            index,
            delta: { type: "input_json_delta", partial_json },
          });
        break;
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push(
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: {
        output_tokens: usage.output,
        ...(usage.cacheRead === undefined ? {} : { cache_read_input_tokens: usage.cacheRead }),
      },
    },
    { type: "message_stop" },
  );
  return events;
}
