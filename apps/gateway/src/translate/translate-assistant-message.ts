import type { MessageParam } from "@sluice/protocol-anthropic";
import type { ChatAssistantMessage, ChatRequestToolCall } from "@sluice/upstream-chat";
import type { ReasoningField } from "../config/config";
import { blockTypeName } from "./block-type-name";

/**
 * An assistant turn → one assistant message: text joined, tool_use → tool_calls with the same id,
 * thinking → `reasoningField`; everything else dropped with a warning. Undefined when nothing is left.
 */
export function translateAssistantMessage(
  content: MessageParam["content"],
  reasoningField: ReasoningField,
  path: string,
  warnings: string[],
): ChatAssistantMessage | undefined {
  if (typeof content === "string") return { role: "assistant", content };
  const texts: string[] = [];
  const thoughts: string[] = [];
  const toolCalls: ChatRequestToolCall[] = [];
  content.forEach((block, index) => {
    switch (block.type) {
      case "text":
        if (block.text !== "") texts.push(block.text);
        return;
      case "thinking":
        if (block.thinking !== "") thoughts.push(block.thinking);
        return;
      case "tool_use":
        toolCalls.push({
          id: block.id,
          type: "function",
          function: { name: block.name, arguments: JSON.stringify(block.input) },
        });
        return;
      default:
        // redacted_thinking is opaque, server-tool blocks ran at Anthropic: an OpenAI upstream can use neither.
        warnings.push(`${path}.${index}: dropped ${blockTypeName(block)} block`);
    }
  });
  if (texts.length === 0 && thoughts.length === 0 && toolCalls.length === 0) return undefined;
  return {
    role: "assistant",
    content: texts.length > 0 ? texts.join("\n\n") : toolCalls.length > 0 ? null : "",
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    ...(thoughts.length > 0 ? { [reasoningField]: thoughts.join("\n\n") } : {}),
  };
}
