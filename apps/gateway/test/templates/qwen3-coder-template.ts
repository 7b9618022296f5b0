import { contentText } from "./prepare-vllm-messages";
import { parameters } from "./qwen35-template";
import type { FamilyRender } from "./template-model";

/**
 * Qwen3-Coder (480B/30B-A3B `chat_template.jinja`). Never raises. `messages[0]` as system heads the
 * prompt; a later system message, and any other role (`developer`), is rendered in place as a turn of
 * that role. No reasoning is rendered (the family does not think), so a `reasoning` field is dropped.
 */
export const qwen3CoderTemplate: FamilyRender = ({ messages, tools }) => {
  let prompt = "";
  const hasSystem = messages[0]?.role === "system";
  const loop = hasSystem ? messages.slice(1) : messages;
  const hasTools = tools !== undefined && tools.length > 0;
  if (hasSystem) prompt += `<|im_start|>system\n${contentText(messages[0]?.content ?? "")}`;
  else if (hasTools)
    prompt +=
      "<|im_start|>system\nYou are Qwen, a helpful AI assistant that can interact with a computer to solve tasks.";
  if (hasTools) prompt += `\n\n# Tools\n${JSON.stringify(tools)}`;
  if (hasSystem || hasTools) prompt += "<|im_end|>\n";
  loop.forEach((message, index) => {
    const content = contentText(message.content);
    if (message.role === "assistant" && message.toolCalls !== undefined) {
      prompt += "<|im_start|>assistant";
      if (content.trim() !== "") prompt += `\n${content.trim()}\n`;
      for (const call of message.toolCalls) {
        prompt += `\n<tool_call>\n<function=${call.name}>\n${parameters(call.arguments)}</function>\n</tool_call>`;
      }
      prompt += "<|im_end|>\n";
    } else if (message.role === "tool") {
      const previous = loop[index - 1];
      if (previous !== undefined && previous.role !== "tool") prompt += "<|im_start|>user\n";
      prompt += `<tool_response>\n${content}\n</tool_response>\n`;
      if (loop[index + 1]?.role !== "tool") prompt += "<|im_end|>\n";
    } else {
      prompt += `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
    }
  });
  return { conversation: prompt, generation: "<|im_start|>assistant\n" };
};
