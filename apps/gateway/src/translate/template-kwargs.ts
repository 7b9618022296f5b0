import { thinkingKwargValue } from "@sluice/core";
import type { ModelPlan } from "../config/resolve-model-plan";

/**
 * `chat_template_kwargs` for the upstream: the family's own template switches (Qwen3.6's `preserve_thinking`),
 * then what the client sent itself, then the thinking switch, which the gateway decides; nothing when empty.
 */
export function templateKwargs(
  plan: Pick<ModelPlan, "thinkingKwarg" | "template">,
  thinking: boolean,
  clientKwargs: Readonly<Record<string, unknown>> = {},
): { chat_template_kwargs?: Record<string, unknown> } {
  const kwargs: Record<string, unknown> = { ...plan.template?.kwargs, ...clientKwargs };
  if (plan.thinkingKwarg !== undefined) {
    for (const name of [plan.thinkingKwarg, ...(plan.template?.thinkingAliases ?? [])])
      kwargs[name] = thinkingKwargValue(name, thinking);
  }
  return Object.keys(kwargs).length === 0 ? {} : { chat_template_kwargs: kwargs };
}
