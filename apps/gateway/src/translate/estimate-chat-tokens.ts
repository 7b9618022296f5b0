import { boundedJson } from "./bounded-json";
// The formula of the Anthropic-side estimate, over the chat request the upstream gets.
import {
  CHARACTERS_PER_TOKEN,
  IMAGE_TOKENS,
  MESSAGE_OVERHEAD_TOKENS,
  REQUEST_OVERHEAD_TOKENS,
  TOOL_OVERHEAD_TOKENS,
} from "./estimate-tokens";

/** A client's tool schema deeper than this counts as a short string: an estimate, and no deep recursion. */
const COUNTED_DEPTH = 64;

/**
 * The prompt tokens of a chat request, estimated as count_tokens estimates an Anthropic request:
 *   ceil(characters / 4) + 1600 per image + 4 per message + 8 per tool + 3,
 * where characters are the messages' text (string content and text parts), their reasoning (`reasoning`,
 * `reasoning_content`), their calls' names and arguments, and each tool's JSON. message_start reports it
 * before the server's count arrives, and the demo model counts its prompt with it, so the two agree there.
 */
export function estimateChatTokens(body: Readonly<Record<string, unknown>>): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const tools = Array.isArray(body.tools) ? body.tools : [];
  let characters = 0;
  let tokens = REQUEST_OVERHEAD_TOKENS + MESSAGE_OVERHEAD_TOKENS * messages.length;
  const text = (value: unknown): void => {
    if (typeof value === "string") characters += value.length;
  };
  for (const message of messages) {
    const { content, reasoning, reasoning_content, tool_calls } = record(message);
    text(content);
    text(reasoning);
    text(reasoning_content);
    if (Array.isArray(content)) {
      for (const part of content.map(record)) {
        if (part.type === "image_url") tokens += IMAGE_TOKENS;
        else if (part.type === "text") text(part.text);
        else characters += boundedJson(part, COUNTED_DEPTH).length;
      }
    }
    if (Array.isArray(tool_calls)) {
      for (const call of tool_calls) {
        const { name, arguments: args } = record(record(call).function);
        text(name);
        text(args);
      }
    }
  }
  for (const tool of tools) {
    tokens += TOOL_OVERHEAD_TOKENS;
    characters += boundedJson(tool, COUNTED_DEPTH).length;
  }
  return tokens + Math.ceil(characters / CHARACTERS_PER_TOKEN);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
