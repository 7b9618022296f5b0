import type { StopReason } from "../stop-reason";
import type { EndUsage, StreamEvent } from "../stream-event";

export type BlockSpec =
  | { readonly type: "text"; readonly chunks: readonly string[] }
  | { readonly type: "thinking"; readonly chunks: readonly string[]; readonly signature: string }
  | {
      readonly type: "tool-call";
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
  /** The counts the upstream reported at the end, beside `outputTokens`. */
  readonly finalUsage?: Omit<EndUsage, "outputTokens">;
}

/**
 * A well-formed event sequence, built the way the pipeline emits it: the input of every surface's encoder and
 * aggregator in their own tests. Empty chunks are left out, as the pipeline never emits an empty delta.
 */
export function buildStreamEvents(spec: StreamSpec): StreamEvent[] {
  const events: StreamEvent[] = [
    {
      type: "message-start",
      id: "msg_01TestTestTestTestTestTest",
      model: "qwen3.5",
      inputTokens: spec.inputTokens ?? 42,
    },
  ];
  spec.blocks.forEach((block, index) => {
    switch (block.type) {
      case "text":
        events.push({ type: "block-start", index, kind: "text" });
        for (const text of block.chunks)
          if (text !== "") events.push({ type: "block-delta", index, kind: "text", text });
        break;
      case "thinking":
        events.push({ type: "block-start", index, kind: "thinking" });
        for (const text of block.chunks)
          if (text !== "") events.push({ type: "block-delta", index, kind: "thinking", text });
        events.push({ type: "block-delta", index, kind: "signature", text: block.signature });
        break;
      case "tool-call":
        events.push({ type: "block-start", index, kind: "tool-call", id: block.id, name: block.name });
        for (const text of block.jsonChunks)
          if (text !== "") events.push({ type: "block-delta", index, kind: "arguments", text });
        break;
    }
    events.push({ type: "block-stop", index });
  });
  events.push({
    type: "message-end",
    stopReason: spec.stopReason,
    stopSequence: spec.stopSequence ?? null,
    usage: { outputTokens: spec.outputTokens ?? 17, ...spec.finalUsage },
  });
  return events;
}
