import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender } from "./template-model";

/**
 * Kimi-K2-Instruct (the July 2025 checkpoint's template). vLLM hands content as a list of parts
 * (joined with nothing between them). Never raises. System messages are rendered in place, any
 * number; a default system prompt is injected when the first message is not a system message; a
 * role it does not know gets no role header (its text is rendered bare). Past assistant tool calls
 * are not rendered at all (only the turn's text), nor are tool-call ids or reasoning.
 */
export const kimiK2Template: FamilyRender = ({ messages, tools }) => {
  let prompt =
    tools !== undefined && tools.length > 0
      ? `<|im_system|>tool_declare<|im_middle|>${JSON.stringify(tools)}<|im_end|>`
      : "";
  messages.forEach((message, index) => {
    if (index === 0 && message.role !== "system") {
      prompt += "<|im_system|>system<|im_middle|>You are a helpful assistant<|im_end|>";
    }
    prompt += HEADERS[message.role] ?? "";
    prompt += `${contentText(message.content)}<|im_end|>`;
  });
  return { conversation: prompt, generation: "<|im_assistant|>assistant<|im_middle|>" };
};

const HEADERS: Readonly<Record<string, string>> = {
  system: "<|im_system|>system<|im_middle|>",
  user: "<|im_user|>user<|im_middle|>",
  assistant: "<|im_assistant|>assistant<|im_middle|>",
  tool: "<|im_system|>tool<|im_middle|>",
};
