import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `deepseek_v41` (docs/dialects.md §1): starts in reasoning where the template opened it (thinking on, and on
 * V3.1 only after a user message: the gateway decides per request); `<think>` in content
 * enters reasoning again (interleaved thinking between tool calls); a confirmed tool call ends an
 * open reasoning span. The whitespace the template puts around spans is dropped by the sequencer.
 */
export const deepseekV41Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? context.thinking,
  thinkInContent: "reenter",
};

export function deepseekV41ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "deepseek_v41",
    // vLLM's name for the thinking-switch DeepSeek parser (V3.1 onwards).
    aliases: ["deepseek_v3"],
    description:
      "DeepSeek V3.1/V3.2/V4/V4.1: thinking switch, `<think>` re-enters reasoning between tool calls",
    markers: ["<think>", "</think>"],
    thinkingKwarg: "thinking",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(deepseekV41Policy, context, sink),
  };
}
