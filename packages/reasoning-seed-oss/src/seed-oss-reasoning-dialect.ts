import { type ReasoningDialect, ThinkTagParser, type ThinkTagPolicy } from "@sluice/core";

/**
 * `seed_oss` (docs/dialects.md §1): qwen3's rules on Seed-OSS's own pair, `<seed:think>`/`</seed:think>` (special
 * tokens, so the server must keep them). The model emits the opener itself, so the stream starts outside
 * reasoning unless the template left it inside: `thinking_budget=0` ends the prompt
 * `<seed:think><seed:cot_budget_reflect>`, which the gateway knows only through a template model
 * (`context.startsInReasoning`). `<seed:cot_budget_reflect>` notes inside reasoning are reasoning text; a note after
 * `</seed:think>` is reasoning too (its tags markup), never answer text, and the answer resumes after it.
 */
export const seedOssPolicy: ThinkTagPolicy = {
  startsInReasoning: (context) => context.startsInReasoning ?? false,
  thinkInContent: "before-content",
  tags: { open: "<seed:think>", close: "</seed:think>" },
  notes: { open: "<seed:cot_budget_reflect>", close: "</seed:cot_budget_reflect>" },
};

export function seedOssReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "seed_oss",
    // vLLM's `--reasoning-parser seed_oss` is the id itself.
    aliases: [],
    description:
      "Seed-OSS: `<seed:think>…</seed:think>`, which the model opens itself; budget notes are reasoning",
    markers: ["<seed:think>", "</seed:think>", "<seed:cot_budget_reflect>", "</seed:cot_budget_reflect>"],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    // Seed-OSS thinks on every request: its budget defaults to unlimited and has no off switch (budget 0 still
    // writes a budget note inside `<seed:think>`), so thinking counts as on, as for deepseek_r1.
    alwaysThinks: true,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new ThinkTagParser(seedOssPolicy, context, sink),
  };
}
