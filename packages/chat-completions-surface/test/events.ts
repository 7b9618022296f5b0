import type { StopReason, StreamEvent } from "@sluice/events";
import { type BlockSpec, buildStreamEvents } from "@sluice/events/testkit";

type Block =
  | { type: "thinking"; thinking: string[] }
  | { type: "text"; text: string[] }
  | { type: "tool_use"; id: string; name: string; json: string[] };

/**
 * A hand-written event stream, shaped as the pipeline emits it (docs/architecture.md I1): the events testkit's
 * buildStreamEvents, with the short block notation these tests read best and no tokens unless `usage` gives some.
 */
export function messageEvents(
  blocks: Block[],
  stopReason: StopReason,
  usage: { input: number; output: number; cacheRead?: number } = { input: 0, output: 0 },
): StreamEvent[] {
  return buildStreamEvents({
    blocks: blocks.map(blockSpec),
    stopReason,
    inputTokens: usage.input,
    outputTokens: usage.output,
    ...(usage.cacheRead === undefined ? {} : { finalUsage: { cachedInputTokens: usage.cacheRead } }),
  });
}

function blockSpec(block: Block): BlockSpec {
  switch (block.type) {
    case "thinking":
      return { type: "thinking", chunks: block.thinking, signature: "sluice" };
    case "text":
      return { type: "text", chunks: block.text };
    case "tool_use":
      return { type: "tool-call", id: block.id, name: block.name, jsonChunks: block.json };
  }
}
