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
    // vLLM's and SGLang's reasoning parsers for MiniMax M2 and for Step 3.5/3.7 Flash split the same way: their
    // templates always open `<think>` and have no switch to turn it off (docs/dialects.md §3, step3p5).
    aliases: ["minimax_m2", "step3p5"],
    description:
      "DeepSeek-R1 and models that always think (MiniMax M2, Step 3.5/3.7 Flash): always starts in reasoning",
    markers: ["<think>", "</think>"],
    alwaysThinks: true,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(deepseekR1Policy, context, sink),
  };
}
