import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `minimax_m3` (docs/dialects.md §1): qwen3's rules on MiniMax M3's own pair, `<mm:think>`/`</mm:think>` (special
 * tokens, so the server must keep them: the tool dialect asks for it). The stream starts in reasoning where the
 * template opened it (`thinking_mode: "enabled"` prefills `<mm:think>`), else where thinking is on; `<mm:think>` in
 * content enters reasoning only before any non-whitespace content. M3 may start a tool block without
 * `</mm:think>`: the namespace token's confirmed call ends the reasoning span, as for every family.
 */
export const minimaxM3Policy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? context.thinking,
  thinkInContent: "before-content",
  tags: { open: "<mm:think>", close: "</mm:think>" },
};

export function minimaxM3ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "minimax_m3",
    // vLLM's `--reasoning-parser minimax_m3` is the id itself.
    aliases: [],
    description:
      "MiniMax M3: `<mm:think>…</mm:think>`, start in reasoning when the template's thinking mode is on",
    markers: ["<mm:think>", "</mm:think>"],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    thinkingKwarg: "thinking_mode",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(minimaxM3Policy, context, sink),
  };
}
