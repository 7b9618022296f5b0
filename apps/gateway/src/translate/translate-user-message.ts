import type { ContentBlockParam, MessageParam, ToolResultBlockParam } from "@sluice/protocol-anthropic";
import type { ChatContentPart, ChatMessage, ChatToolMessage } from "@sluice/upstream-chat";
import { blockTypeName } from "./block-type-name";
import { imagePart } from "./image-part";

/**
 * A user turn → `role: "tool"` messages (one per tool_result, first: OpenAI wants them right after
 * the assistant's tool_calls), then one user message with the images found in those results and
 * the turn's own text and images.
 */
export function translateUserMessage(
  content: MessageParam["content"],
  path: string,
  warnings: string[],
): ChatMessage[] {
  if (typeof content === "string") return [{ role: "user", content }];
  const toolMessages: ChatToolMessage[] = [];
  const resultImages: ChatContentPart[] = [];
  const parts: ChatContentPart[] = [];
  content.forEach((block: ContentBlockParam, index) => {
    switch (block.type) {
      case "text":
        if (block.text !== "") parts.push({ type: "text", text: block.text });
        return;
      case "image":
        parts.push(imagePart(block));
        return;
      case "tool_result":
        toolMessages.push(toolResultMessage(block, `${path}.${index}`, resultImages, warnings));
        return;
      default:
        warnings.push(`${path}.${index}: dropped ${blockTypeName(block)} block`);
    }
  });
  const userParts = [...resultImages, ...parts];
  if (userParts.length === 0) return toolMessages;
  const [first] = userParts;
  // A lone text part goes as a plain string: the form every chat template renders the same way.
  const userContent = userParts.length === 1 && first?.type === "text" ? first.text : userParts;
  return [...toolMessages, { role: "user", content: userContent }];
}

function toolResultMessage(
  block: ToolResultBlockParam,
  path: string,
  images: ChatContentPart[],
  warnings: string[],
): ChatToolMessage {
  const texts: string[] = [];
  if (typeof block.content === "string") texts.push(block.content);
  else {
    (block.content ?? []).forEach((item, index) => {
      if (item.type === "text") texts.push(item.text);
      else if (item.type === "image") images.push(imagePart(item));
      else warnings.push(`${path}.content.${index}: dropped ${blockTypeName(item)} block inside tool_result`);
    });
  }
  const text = texts.join("\n");
  // OpenAI has no is_error field; the prefix tells the model the call failed.
  return {
    role: "tool",
    tool_call_id: block.tool_use_id,
    content: block.is_error === true ? `Error: ${text}` : text,
  };
}
