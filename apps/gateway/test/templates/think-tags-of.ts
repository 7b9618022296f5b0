import type { ModelPlan } from "../../src/config/resolve-model-plan";

/**
 * Where a family's reasoning is written whole: harmony's analysis message (its first markers are the tokens
 * themselves, not a pair of tags).
 */
const MESSAGES: Readonly<Record<string, { open: string; close: string }>> = {
  harmony: { open: "<|channel|>analysis<|message|>", close: "<|end|>" },
};

/** The pair a family's reasoning is written in: its reasoning dialect's markers (MiniMax M3's `<mm:think>`). */
export function thinkTagsOf(plan: Pick<ModelPlan, "reasoning">): { open: string; close: string } {
  const message = plan.reasoning === undefined ? undefined : MESSAGES[plan.reasoning.id];
  if (message !== undefined) return message;
  const [open = "<think>", close = "</think>"] = plan.reasoning?.markers ?? [];
  return { open, close };
}
