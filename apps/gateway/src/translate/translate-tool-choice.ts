import type { ToolChoice } from "@sluice/protocol-anthropic";
import type { ChatToolChoice } from "@sluice/upstream-chat";

export interface TranslatedToolChoice {
  readonly tool_choice?: ChatToolChoice;
  readonly parallel_tool_calls?: false;
}

/**
 * `auto` → "auto", `any` → "required", `{type: tool, name}` → a named function, `none` → "none";
 * `disable_parallel_tool_use: true` → `parallel_tool_calls: false`.
 */
export function translateToolChoice(choice: ToolChoice | undefined): TranslatedToolChoice {
  if (choice === undefined) return {};
  const parallel =
    "disable_parallel_tool_use" in choice && choice.disable_parallel_tool_use === true
      ? { parallel_tool_calls: false as const }
      : {};
  switch (choice.type) {
    case "auto":
      return { tool_choice: "auto", ...parallel };
    case "any":
      return { tool_choice: "required", ...parallel };
    case "none":
      return { tool_choice: "none" };
    case "tool":
      return { tool_choice: { type: "function", function: { name: choice.name } }, ...parallel };
  }
}
