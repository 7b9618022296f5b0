import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/** Gemma 4's thought channel: special tokens, with the channel's name written after the opener. */
export const CHANNEL_OPEN = "<|channel>";
export const CHANNEL_CLOSE = "<channel|>";
export const THOUGHT_LABEL = "thought\n";

/**
 * `gemma4` (docs/dialects.md §1): Gemma 4's thought channel `<|channel>thought\n…<channel|>`, with qwen3's rules
 * but for where it starts and what an opener in content does. The label `thought\n` after the opener is markup
 * (vLLM's `_strip_thought_label`), split across chunks too. The answer never starts inside the channel: with
 * thinking on the template puts `<|think|>` in the system turn and the model opens the channel itself; with it
 * off the generation prompt ends with an empty `<|channel>thought\n<channel|>`. Both tags are special tokens,
 * never prose, so an opener anywhere in content enters reasoning (interleaved thinking between calls).
 */
export const gemma4Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? false,
  thinkInContent: "reenter",
  tags: { open: CHANNEL_OPEN, close: CHANNEL_CLOSE, label: THOUGHT_LABEL },
};

export function gemma4ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "gemma4",
    // vLLM's and SGLang's `--reasoning-parser gemma4` is the id itself.
    aliases: [],
    description:
      "Gemma 4: `<|channel>thought\\n…<channel|>`, which the model opens itself; the `thought` label is markup",
    markers: [CHANNEL_OPEN, CHANNEL_CLOSE],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    thinkingKwarg: "enable_thinking",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(gemma4Policy, context, sink),
  };
}
