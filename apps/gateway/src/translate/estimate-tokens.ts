import type {
  ContentBlockParam,
  CountTokensRequest,
  SystemParam,
  ToolResultContentBlock,
} from "@sluice/protocol-anthropic";

// Anthropic bills an image by its pixels (about 1,600 tokens at the 1.15 MP cap); the size is unknown here.
export const IMAGE_TOKENS = 1600;
export const CHARACTERS_PER_TOKEN = 4;
export const MESSAGE_OVERHEAD_TOKENS = 4;
export const TOOL_OVERHEAD_TOKENS = 8;
export const REQUEST_OVERHEAD_TOKENS = 3;

/**
 * A token count for `count_tokens` when the upstream has no `/tokenize`:
 *   ceil(characters / 4) + 1600 per image + 4 per message (the system prompt counts as one)
 *   + 8 per tool + 3,
 * where characters are the text of system and messages (text, thinking, tool_use name and JSON input,
 * tool_result text; other blocks by their JSON) and each tool's JSON (name, description, input schema).
 * Monotonic in content and never 0.
 */
export function estimateTokens(request: CountTokensRequest): number {
  let characters = 0;
  let tokens = REQUEST_OVERHEAD_TOKENS;

  const countContent = (
    content: SystemParam | readonly ContentBlockParam[] | readonly ToolResultContentBlock[] | undefined,
  ): void => {
    if (content === undefined) return;
    if (typeof content === "string") {
      characters += content.length;
      return;
    }
    for (const block of content) countBlock(block);
  };

  const countBlock = (block: ContentBlockParam | ToolResultContentBlock): void => {
    switch (block.type) {
      case "text":
        characters += block.text.length;
        return;
      case "image":
        tokens += IMAGE_TOKENS;
        return;
      case "tool_result":
        countContent(block.content);
        return;
      case "thinking":
        // The signature is Anthropic's; the model never sees it.
        characters += block.thinking.length;
        return;
      case "tool_use":
        characters += block.name.length + JSON.stringify(block.input).length;
        return;
      default:
        // redacted_thinking and block types the schema does not model: whatever they carry.
        characters += JSON.stringify(block).length;
    }
  };

  if (request.system !== undefined) {
    tokens += MESSAGE_OVERHEAD_TOKENS;
    countContent(request.system);
  }
  for (const message of request.messages) {
    tokens += MESSAGE_OVERHEAD_TOKENS;
    countContent(message.content);
  }
  for (const tool of request.tools ?? []) {
    tokens += TOOL_OVERHEAD_TOKENS;
    // A server tool has no schema: its JSON is its type and name.
    characters += JSON.stringify(tool).length;
  }
  return tokens + Math.ceil(characters / CHARACTERS_PER_TOKEN);
}
