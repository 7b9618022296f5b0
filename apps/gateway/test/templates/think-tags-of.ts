import type { ModelPlan } from "../../src/config/resolve-model-plan";

/** The pair a family's reasoning is written in: its reasoning dialect's markers (MiniMax M3's `<mm:think>`). */
export function thinkTagsOf(plan: Pick<ModelPlan, "reasoning">): { open: string; close: string } {
  const [open = "<think>", close = "</think>"] = plan.reasoning?.markers ?? [];
  return { open, close };
}
