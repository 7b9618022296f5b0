import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `mistral` (docs/dialects.md §1): qwen3's rules on Mistral's pair, `[THINK]`/`[/THINK]` (special tokens, kept
 * only with `skip_special_tokens: false`). The stream starts in reasoning where the template opened it, else
 * where thinking is on (a prompt ending `[THINK]`, as vLLM's tests feed it); Magistral and the reasoning
 * Small/Medium models are asked for `[THINK]` by their system prompt and write it themselves, so the `mistral`
 * preset says the answer starts in content (`reasoningStart: "never"`). `[THINK]` later in the answer is literal,
 * as for qwen3; a `[/THINK]` with no reasoning open is dropped. vLLM's parser takes a marker-less answer for
 * reasoning whole; here text with no `[THINK]` is the answer.
 */
export const mistralPolicy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? context.thinking,
  thinkInContent: "before-content",
  tags: { open: "[THINK]", close: "[/THINK]" },
};

export function mistralReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "mistral",
    // vLLM's `--reasoning-parser mistral` is the id itself.
    aliases: [],
    description:
      "Magistral, Devstral 2, Mistral Small/Medium reasoning: `[THINK]…[/THINK]`, which the model opens",
    markers: ["[THINK]", "[/THINK]"],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    // The switch is the system prompt (Magistral's asks for [THINK]); no request field turns it off.
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(mistralPolicy, context, sink),
  };
}
