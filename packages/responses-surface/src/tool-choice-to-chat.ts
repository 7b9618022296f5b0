import type { ChatToolChoice } from "@sluice/upstream-chat";
import type { ResponsesRequest } from "./responses-request";

/**
 * "auto" / "none" / "required" pass; `{type: "function", name}` → `{type: "function", function: {name}}`.
 * Choices of hosted tools, `allowed_tools` and custom tools have no chat form: dropped with a warning,
 * so the upstream's default ("auto") applies.
 */
export function toolChoiceToChat(
  choice: ResponsesRequest["tool_choice"],
  warnings: string[],
): ChatToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (typeof choice === "string") {
    if (choice === "auto" || choice === "none" || choice === "required") return choice;
    warnings.push(`tool_choice: dropped "${choice}"`);
    return undefined;
  }
  const { name } = choice;
  if (choice.type === "function" && typeof name === "string") return { type: "function", function: { name } };
  warnings.push(`tool_choice: dropped ${choice.type} choice`);
  return undefined;
}
