import { contentText } from "./prepare-vllm-messages";
import { splitReasoning } from "./qwen35-template";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * Qwen3 (the April 2025 hybrid-thinking checkpoints; the 2507 Instruct/Thinking templates share the
 * message loop). Never raises. `messages[0]` as system goes into the header; a later system message
 * is rendered in place as its own system turn; any other role (`developer`) is dropped silently.
 * Reasoning is kept only after the last real user query (an assistant turn there with empty
 * reasoning gets no think block unless it is the last message). The generation prompt opens no
 * `<think>` itself (the model writes it); `enable_thinking: false` pre-fills an empty one.
 */
export const qwen3Template: FamilyRender = ({ messages, tools, kwargs }) => {
  let prompt = "";
  const first = messages[0];
  const system = first?.role === "system" ? text(first) : undefined;
  if (tools !== undefined && tools.length > 0) {
    prompt += `<|im_start|>system\n${system === undefined ? "" : `${system}\n\n`}# Tools\n${JSON.stringify(tools)}<|im_end|>\n`;
  } else if (system !== undefined) {
    prompt += `<|im_start|>system\n${system}<|im_end|>\n`;
  }
  let lastQuery = messages.length - 1;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as PreparedMessage;
    const content = text(message);
    if (
      message.role === "user" &&
      !(content.startsWith("<tool_response>") && content.endsWith("</tool_response>"))
    ) {
      lastQuery = index;
      break;
    }
  }
  messages.forEach((message, index) => {
    const content = text(message);
    if (message.role === "user" || (message.role === "system" && index > 0)) {
      prompt += `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
    } else if (message.role === "assistant") {
      const { reasoning, answer } = splitQwen3(message, content);
      const last = index === messages.length - 1;
      prompt +=
        index > lastQuery && (last || reasoning !== "")
          ? `<|im_start|>assistant\n<think>\n${reasoning.replace(/^\n+|\n+$/g, "")}\n</think>\n\n${answer.replace(/^\n+/, "")}`
          : `<|im_start|>assistant\n${answer}`;
      (message.toolCalls ?? []).forEach((call, callIndex) => {
        if (callIndex > 0 || answer !== "") prompt += "\n";
        prompt += `<tool_call>\n{"name": "${call.name}", "arguments": ${JSON.stringify(call.arguments)}}\n</tool_call>`;
      });
      prompt += "<|im_end|>\n";
    } else if (message.role === "tool") {
      if (index === 0 || messages[index - 1]?.role !== "tool") prompt += "<|im_start|>user";
      prompt += `\n<tool_response>\n${content}\n</tool_response>`;
      if (messages[index + 1]?.role !== "tool") prompt += "<|im_end|>\n";
    }
  });
  const think = kwargs.enable_thinking === false ? "<think>\n\n</think>\n\n" : "";
  return { conversation: prompt, generation: `<|im_start|>assistant\n${think}` };
};

function text(message: PreparedMessage): string {
  return contentText(message.content, "");
}

/** Qwen3 reads reasoning like Qwen3.5 but does not trim it. */
function splitQwen3(message: PreparedMessage, content: string): { reasoning: string; answer: string } {
  if (message.reasoning !== undefined) return { reasoning: message.reasoning, answer: content };
  return splitReasoning(message, content);
}
