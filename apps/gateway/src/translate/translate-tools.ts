import { isServerTool, type Tool } from "@sluice/protocol-anthropic";
import type { ChatFunctionTool } from "@sluice/upstream-chat";

/** Client tools → OpenAI function tools; server tools (`web_search_20250305`…) are dropped with a warning each. */
export function translateTools(tools: readonly Tool[] | undefined, warnings: string[]): ChatFunctionTool[] {
  const result: ChatFunctionTool[] = [];
  (tools ?? []).forEach((tool, index) => {
    if (isServerTool(tool)) {
      warnings.push(`tools.${index}: dropped server tool ${tool.name ?? "(unnamed)"} (${tool.type})`);
      return;
    }
    result.push({
      type: "function",
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: tool.input_schema,
      },
    });
  });
  return result;
}
