import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * Kimi-K2-Thinking's template, which K2.5/K2.6 keep for the message loop (content reaches it as a
 * string: its `render_content` macro is not a loop over `message.content`). Never raises. System
 * messages, and any other role (`developer`), are rendered in place under `<|im_system|>`; a
 * message's `name` replaces the role in its header; a default system prompt is injected when the
 * first message is not a system message. Tool calls carry the request's ids, and each tool result is
 * headed `## Return of <tool_call_id>`. Reasoning is kept only after the last assistant turn without
 * tool calls. `openThink`: K2.5/K2.6 open `<think>` in the generation prompt (`<think></think>` with
 * `thinking: false`); K2-Thinking adds nothing.
 */
export function kimiK25Template(options: { readonly openThink: boolean }): FamilyRender {
  return ({ messages, tools, kwargs }) => {
    let lastPlainAssistant = -1;
    for (let index = messages.length - 1; index >= 0; index--) {
      const message = messages[index] as PreparedMessage;
      if (message.role === "assistant" && message.toolCalls === undefined) {
        lastPlainAssistant = index;
        break;
      }
    }
    let prompt =
      tools !== undefined && tools.length > 0
        ? `<|im_system|>tool_declare<|im_middle|>${JSON.stringify(tools)}<|im_end|>`
        : "";
    if (messages[0]?.role !== "system") {
      prompt +=
        "<|im_system|>system<|im_middle|>You are Kimi, an AI assistant created by Moonshot AI.<|im_end|>";
    }
    messages.forEach((message, index) => {
      const role = message.name || message.role;
      const header =
        message.role === "user" ? "im_user" : message.role === "assistant" ? "im_assistant" : "im_system";
      prompt += `<|${header}|>${role}<|im_middle|>`;
      const content = contentText(message.content);
      if (message.role === "assistant") {
        prompt +=
          index > lastPlainAssistant ? `<think>${message.reasoning ?? ""}</think>` : "<think></think>";
        prompt += content;
        if (message.toolCalls !== undefined) {
          prompt += "<|tool_calls_section_begin|>";
          for (const call of message.toolCalls) {
            prompt += `<|tool_call_begin|>${call.id ?? ""}<|tool_call_argument_begin|>${JSON.stringify(call.arguments)}<|tool_call_end|>`;
          }
          prompt += "<|tool_calls_section_end|>";
        }
      } else if (message.role === "tool") {
        prompt += `## Return of ${message.toolCallId ?? ""}\n${content}`;
      } else {
        prompt += content;
      }
      prompt += "<|im_end|>";
    });
    const think = options.openThink ? (kwargs.thinking === false ? "<think></think>" : "<think>") : "";
    return { conversation: prompt, generation: `<|im_assistant|>assistant<|im_middle|>${think}` };
  };
}
