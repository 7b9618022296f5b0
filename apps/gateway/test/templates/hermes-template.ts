import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender } from "./template-model";

/**
 * Hermes 2 Pro / Hermes 3 (NousResearch). The tokenizer ships two named templates and the server
 * picks `tool_use` only when the request has tools, else `default` (plain ChatML: every message as a
 * turn of its role, tool calls not rendered). Neither raises. `tool_use` renders system messages in
 * place, any number, anywhere; drops a role it does not know (`developer`) silently, and the text of
 * an assistant turn that calls tools; reasoning is never rendered; the tool list heads the prompt (a
 * stand-in here).
 */
export const hermesTemplate: FamilyRender = ({ messages, tools }) => {
  if (tools === undefined || tools.length === 0) {
    const conversation = messages.map(
      (message) => `<|im_start|>${message.role}\n${contentText(message.content)}<|im_end|>\n`,
    );
    return { conversation: conversation.join(""), generation: "<|im_start|>assistant\n" };
  }
  let prompt = `<|im_start|>system\n<tools> ${JSON.stringify(tools ?? [])} </tools><|im_end|>\n`;
  messages.forEach((message, index) => {
    const content = contentText(message.content);
    if (
      message.role === "user" ||
      message.role === "system" ||
      (message.role === "assistant" && message.toolCalls === undefined)
    ) {
      prompt += `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
    } else if (message.role === "assistant") {
      // The calls replace the turn's text: content beside tool calls is dropped.
      prompt += "<|im_start|>assistant";
      for (const call of message.toolCalls ?? []) {
        prompt += `\n<tool_call>\n{"name": "${call.name}", "arguments": ${JSON.stringify(call.arguments)}}\n</tool_call>`;
      }
      prompt += "<|im_end|>\n";
    } else if (message.role === "tool") {
      const previous = messages[index - 1];
      if (previous !== undefined && previous.role !== "tool") prompt += "<|im_start|>tool\n";
      const last = index === messages.length - 1;
      prompt += `<tool_response>\n${content}${last ? "\n</tool_response>" : "\n</tool_response>\n"}`;
      if (last || messages[index + 1]?.role !== "tool") prompt += "<|im_end|>";
    }
  });
  return { conversation: prompt, generation: "<|im_start|>assistant\n" };
};
