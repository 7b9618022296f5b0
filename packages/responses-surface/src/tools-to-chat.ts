import type { ChatFunctionTool } from "@sluice/upstream-chat";
import type { RequestTool } from "./responses-request";

/**
 * `type: "function"` tools → chat function tools. Everything else (`web_search`, `namespace`, `custom`,
 * `local_shell`, …) runs at OpenAI or needs a grammar an open-model server lacks: dropped, each named in
 * `warnings`. Undefined when no tool is left.
 */
export function toolsToChat(
  tools: readonly RequestTool[] | null | undefined,
  warnings: string[],
): ChatFunctionTool[] | undefined {
  const result: ChatFunctionTool[] = [];
  (tools ?? []).forEach((tool, index) => {
    const path = `tools.${index}`;
    if (tool.type !== "function") {
      warnings.push(`${path}: dropped ${tool.type} tool`);
      return;
    }
    const { name, description, parameters } = tool;
    if (typeof name !== "string" || name === "") {
      warnings.push(`${path}: dropped function tool without a name`);
      return;
    }
    result.push({
      type: "function",
      function: {
        name,
        ...(typeof description === "string" ? { description } : {}),
        ...(isObject(parameters) ? { parameters } : {}),
      },
    });
  });
  return result.length > 0 ? result : undefined;
}

function isObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
