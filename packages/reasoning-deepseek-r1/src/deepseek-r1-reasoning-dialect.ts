import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `deepseek_r1` (docs/dialects.md §1): always starts in reasoning (thinking cannot be turned off);
 * `<think>` in content is literal text; whitespace is kept exactly. R1 always closes its
 * reasoning with `</think>`, so tool-call markup inside reasoning does not end it.
 */
export const deepseekR1Policy: ThinkTagPolicy = {
  startsInReasoning: () => true,
  thinkInContent: "literal",
};

export function deepseekR1ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "deepseek_r1",
    aliases: [],
    description: "DeepSeek-R1 and models that always think (MiniMax M2): always starts in reasoning",
    markers: ["<think>", "</think>"],
    alwaysThinks: true,
    toolCallEndsReasoning: false,
    createParser: (context, sink) => new ThinkTagParser(deepseekR1Policy, context, sink),
  };
}
