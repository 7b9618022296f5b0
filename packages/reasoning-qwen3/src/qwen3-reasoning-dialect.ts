import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `qwen3` (docs/dialects.md §1): starts in reasoning where the template opened it (thinking on: the template
 * puts `<think>` in the prompt, so output often has only `</think>`); `<think>` in content enters reasoning only
 * before any non-whitespace content, later it is literal (and so is the `</think>` that closes it);
 * a confirmed tool call ends an open reasoning span (Qwen3.5 often skips `</think>` before `<tool_call>`).
 */
export const qwen3Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? context.thinking,
  thinkInContent: "before-content",
};

export function qwen3ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "qwen3",
    // vLLM's and SGLang's name; GLM-4.5/4.7 write the same `<think>` grammar (vLLM: glm45).
    aliases: ["glm45"],
    description:
      "Qwen3, Qwen3.5/3.6, QwQ, GLM-4.5/4.7/5: `<think>…</think>`, start in reasoning when thinking is on",
    markers: ["<think>", "</think>"],
    thinkingKwarg: "enable_thinking",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(qwen3Policy, context, sink),
  };
}
