import type { MessageParam } from "@sluice/protocol-anthropic";
import type { ChatMessage } from "@sluice/upstream-chat";
import type { ReasoningField } from "../config/config";
import { translateAssistantMessage } from "./translate-assistant-message";
import { systemText } from "./translate-system";
import { translateUserMessage } from "./translate-user-message";

/** `messages` → chat messages in the same order; `role: "system"` entries become system messages in place. */
export function translateMessages(
  messages: readonly MessageParam[],
  reasoningField: ReasoningField,
  warnings: string[],
): ChatMessage[] {
  const result: ChatMessage[] = [];
  messages.forEach((message, index) => {
    const path = `messages.${index}.content`;
    switch (message.role) {
      case "system": {
        // Claude Code ≥ 2.1.154 sends mid-conversation system entries (vllm#44000).
        const content = systemText(message.content, path, warnings);
        if (content !== "") result.push({ role: "system", content });
        return;
      }
      case "assistant": {
        const assistant = translateAssistantMessage(message.content, reasoningField, path, warnings);
        if (assistant !== undefined) result.push(assistant);
        return;
      }
      case "user":
        result.push(...translateUserMessage(message.content, path, warnings));
        return;
      default:
        // vLLM maps non-spec roles (`ctx`, `msg`) to user; so do we, but say so.
        warnings.push(`messages.${index}: role "${message.role}" sent as user`);
        result.push(...translateUserMessage(message.content, path, warnings));
    }
  });
  return result;
}
