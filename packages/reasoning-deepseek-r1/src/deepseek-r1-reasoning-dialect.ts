import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `deepseek_r1` (docs/dialects.md §1): starts in reasoning (thinking cannot be turned off), unless the template
 * left the model in content (R1 opens `<think>` only after a user message, not after a tool result);
 * `<think>` in content is literal text. A tool call the tool dialect confirms (an explicit wrapper such
 * as `<minimax:tool_call>`) ends an open reasoning span, as for every family: MiniMax, which always
 * thinks, skips `</think>` before its tool block (docs/dialects.md §1).
 */
export const deepseekR1Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? true,
  thinkInContent: "literal",
};

export function deepseekR1ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "deepseek_r1",
    // vLLM's and SGLang's reasoning parser for MiniMax M2 splits the same way (starts in reasoning).
    aliases: ["minimax_m2"],
    description: "DeepSeek-R1 and models that always think (MiniMax M2): always starts in reasoning",
    markers: ["<think>", "</think>"],
    alwaysThinks: true,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(deepseekR1Policy, context, sink),
  };
}
