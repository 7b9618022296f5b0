import type { ChatMessage } from "@sluice/upstream-chat";
import type { TemplateRules } from "../config/template-rules";

/**
 * Whether the model's answer to these upstream messages starts inside reasoning, as the family's template leaves
 * it (docs/dialects.md §5): never with thinking off; with thinking on, where the generation prompt opens `<think>`
 * — for DeepSeek V3.1 only after a user message, so its answer to a tool result starts in content (read as
 * thinking, it would vanish from the client's view). Undefined without a rule: the reasoning dialect's default.
 */
export function answerStartsInReasoning(
  rules: Pick<TemplateRules, "reasoningStart"> | undefined,
  messages: readonly ChatMessage[],
  thinking: boolean,
): boolean | undefined {
  if (rules?.reasoningStart === undefined) return undefined;
  if (!thinking) return false;
  switch (rules.reasoningStart) {
    case "always":
      return true;
    case "never":
      return false;
    case "after-user":
      // System messages render elsewhere (V3.1 hoists them), so the last other message decides.
      return messages.findLast((message) => message.role !== "system")?.role === "user";
  }
}
