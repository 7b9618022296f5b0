import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `qwen3` (docs/dialects.md §1): starts in reasoning iff thinking is on (the template puts `<think>` in
 * the prompt, so output often has only `</think>`); `<think>` in content enters reasoning only
 * before any non-whitespace content, later it is literal (and so is the `</think>` that closes it);
 * a confirmed tool call ends an open reasoning span (Qwen3.5 often skips `</think>` before `<tool_call>`).
 */
export const qwen3Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.thinking,
  thinkInContent: "before-content",
};

export function qwen3ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "qwen3",
    thinkingKwarg: "enable_thinking",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(qwen3Policy, context, sink),
  };
}
