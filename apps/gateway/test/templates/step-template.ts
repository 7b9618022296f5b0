import { contentText } from "./prepare-vllm-messages";
import { splitReasoning } from "./qwen35-template";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * Step 3.5 / 3.7 Flash (llama.cpp's `StepFun3.7-Flash.jinja`), as this test models it (docs/dialects.md §3, step3p5):
 * - the system turn holds `Reasoning: EFFORT` when `reasoning_effort` is set, the first system message and the tool
 *   list; a later system message is a `system` turn in place; a role it does not know (`developer`) is dropped
 *   silently; it never raises;
 * - an assistant turn's reasoning is rendered after the last real user query, or everywhere with
 *   `preserve_thinking: true`; each call as qwen_xml's `<tool_call>` block; tool results go in one
 *   `<|im_start|>tool_response` turn of `<tool_response>` entries;
 * - the generation prompt always opens `<think>` (no switch).
 * Its content macro loops over a list content, joining text parts with a space.
 */
export const stepTemplate: FamilyRender = ({ messages, tools, kwargs }) => {
  const effort =
    typeof kwargs.reasoning_effort === "string" ? `Reasoning: ${kwargs.reasoning_effort}\n\n` : "";
  const first = messages[0];
  const system = first?.role === "system" ? text(first) : undefined;
  let prompt = "";
  if (tools !== undefined && tools.length > 0) {
    prompt += `<|im_start|>system\n${effort}${system === undefined ? "" : `${system}\n\n`}# Tools\n${JSON.stringify(tools)}<|im_end|>\n`;
  } else if (system !== undefined) {
    prompt += `<|im_start|>system\n${effort}${system}<|im_end|>\n`;
  } else if (effort !== "") {
    prompt += `<|im_start|>system\n${effort}<|im_end|>\n`;
  }
  const lastQuery = lastQueryIndex(messages);
  const preserve = kwargs.preserve_thinking === true;
  messages.forEach((message, index) => {
    const content = text(message);
    if (message.role === "user" || (message.role === "system" && index > 0)) {
      prompt += `<|im_start|>${message.role}\n${content}<|im_end|>\n`;
    } else if (message.role === "assistant") {
      const { reasoning, answer } = splitReasoning(message, content);
      prompt +=
        preserve || index > lastQuery
          ? `<|im_start|>assistant\n<think>\n${reasoning}\n</think>\n${answer}`
          : `<|im_start|>assistant\n${answer}`;
      for (const call of message.toolCalls ?? []) {
        prompt += `<tool_call>\n<function=${call.name}>\n${parameters(call.arguments)}</function>\n</tool_call>`;
      }
      prompt += "<|im_end|>\n";
    } else if (message.role === "tool") {
      if (messages[index - 1]?.role !== "tool") prompt += "<|im_start|>tool_response\n";
      prompt += `<tool_response>${content}</tool_response>`;
      if (messages[index + 1]?.role !== "tool") prompt += "<|im_end|>\n";
    }
  });
  return { conversation: prompt, generation: "<|im_start|>assistant\n<think>\n" };
};

function text(message: PreparedMessage): string {
  return contentText(message.content, " ");
}

/** The last user message that is not only a `<tool_response>` wrapper; the last message when there is none. */
function lastQueryIndex(messages: readonly PreparedMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as PreparedMessage;
    const content = text(message);
    if (
      message.role === "user" &&
      !(content.startsWith("<tool_response>") && content.endsWith("</tool_response>"))
    )
      return index;
  }
  return messages.length - 1;
}

/** `<parameter=k>` blocks: strings raw, objects and lists as JSON. */
function parameters(args: unknown): string {
  if (typeof args !== "object" || args === null) return "";
  return Object.entries(args)
    .map(
      ([key, value]) =>
        `<parameter=${key}>\n${typeof value === "object" && value !== null ? JSON.stringify(value) : String(value)}\n</parameter>\n`,
    )
    .join("");
}
