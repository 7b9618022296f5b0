import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * DeepSeek-V3.2 as llama.cpp's `models/templates/DeepSeek-V3.2.jinja` renders it (DeepSeek ships a
 * Python encoder, not Jinja, for V3.2; vLLM's `deepseek_v32` tokenizer mode runs that encoder, which
 * renders every system message in place). Only `messages[0]` is the system message: a later one is
 * dropped silently, as is any role but developer/user/assistant/tool. Its switch is
 * `enable_thinking`, default ON (`thinking` is not read); reasoning is rendered only for assistant
 * turns after the last user/developer message; the generation prompt opens `<think>` whenever
 * thinking is on, after a user message or a tool result alike.
 */
export const deepseekV32Template: FamilyRender = ({ messages, tools, kwargs }) => {
  const thinking = kwargs.enable_thinking === undefined || Boolean(kwargs.enable_thinking);
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === "user" || message.role === "developer") lastUser = index;
  });
  const toolsText = tools !== undefined && tools.length > 0 ? `## Tools\n${JSON.stringify(tools)}\n` : "";
  const hasSystem = messages[0]?.role === "system";
  let prompt = "<｜begin▁of▁sentence｜>";
  if (hasSystem)
    prompt += `${text(messages[0] as PreparedMessage)}${toolsText === "" ? "" : `\n\n${toolsText}`}`;
  else if (messages[0]?.role !== "developer") prompt += toolsText;
  const marker = (index: number, atOrAfter: boolean): string =>
    thinking && (atOrAfter ? index >= lastUser : index === lastUser) ? "<think>" : "</think>";
  messages.forEach((message, index) => {
    if (hasSystem && index === 0) return;
    const content = text(message);
    switch (message.role) {
      case "developer":
        prompt += `<｜User｜>${toolsText === "" ? "" : `\n\n${toolsText}\n`}\n# The user's message is: ${content}<｜Assistant｜>${marker(index, false)}`;
        return;
      case "user":
        prompt += `<｜User｜>${content}<｜Assistant｜>${marker(index, false)}`;
        return;
      case "tool": {
        let previous = index - 1;
        while (previous >= 0 && messages[previous]?.role === "tool") previous--;
        // Jinja's messages[-1] when only tool messages precede: the last message.
        const owner = previous >= 0 ? messages[previous] : messages[messages.length - 1];
        const order = index - previous;
        if (order === 1) prompt += "\n\n<function_results>";
        prompt += `\n<result>${content}</result>`;
        if (order === (owner?.toolCalls?.length ?? 0))
          prompt += `\n</function_results>\n\n${marker(index, true)}`;
        return;
      }
      case "assistant":
        if (thinking && index > lastUser) prompt += `${message.reasoning ?? ""}</think>`;
        prompt += content;
        if (message.toolCalls !== undefined) {
          prompt += "\n\n<｜DSML｜function_calls>";
          for (const call of message.toolCalls) {
            const params = Object.entries((call.arguments ?? {}) as object)
              .map(
                ([key, value]) =>
                  `<｜DSML｜parameter name="${key}" string="${typeof value === "string"}">${typeof value === "string" ? value : JSON.stringify(value)}</｜DSML｜parameter>`,
              )
              .join("\n");
            prompt += `\n<｜DSML｜invoke name="${call.name}">\n${params}\n</｜DSML｜invoke>`;
          }
          prompt += "\n</｜DSML｜function_calls>";
        }
        prompt += "<｜end▁of▁sentence｜>";
        return;
      default:
        return;
    }
  });
  return {
    conversation: prompt,
    generation: `<｜User｜>\n<｜Assistant｜>${thinking ? "<think>" : "</think>"}`,
  };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}
