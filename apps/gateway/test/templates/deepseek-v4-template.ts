import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * DeepSeek-V4 as llama.cpp's Jinja port of DeepSeek's V4 encoder (`deepseek-ai-DeepSeek-V4.jinja`)
 * renders it; vLLM runs the Python encoder itself. Every system message is joined at the top; user,
 * developer and tool messages in a row share one user turn; a role it does not know is dropped.
 * Switch `thinking` (else `enable_thinking`), default off here. Reasoning is kept only for assistant
 * turns after the last user/developer/tool message, so inside a tool loop every earlier turn's
 * reasoning is dropped; the generation prompt opens `<think>` whenever thinking is on.
 */
export const deepseekV4Template: FamilyRender = ({ messages, tools, kwargs }) => {
  const thinking = Boolean(kwargs.thinking ?? kwargs.enable_thinking ?? false);
  let system = messages
    .filter((message) => message.role === "system")
    .map(text)
    .join("\n\n");
  if (tools !== undefined && tools.length > 0)
    system += `${system === "" ? "" : "\n\n"}## Tools\n${JSON.stringify(tools)}\n`;
  let lastUser = -1;
  messages.forEach((message, index) => {
    if (message.role === "user" || message.role === "developer" || message.role === "tool") lastUser = index;
  });
  let prompt = `<｜begin▁of▁sentence｜>${system}`;
  let inUser = false;
  messages.forEach((message, index) => {
    const content = text(message);
    if (message.role === "user" || message.role === "developer" || message.role === "tool") {
      prompt += inUser ? "\n\n" : "<｜User｜>";
      inUser = true;
      prompt += message.role === "tool" ? `<tool_result>${content}</tool_result>` : content;
    } else if (message.role === "assistant") {
      inUser = false;
      prompt += "<｜Assistant｜>";
      prompt += thinking && index > lastUser ? `<think>${message.reasoning ?? ""}</think>` : "</think>";
      prompt += content;
      if (message.toolCalls !== undefined) {
        prompt += "\n\n<｜DSML｜tool_calls>\n";
        for (const call of message.toolCalls) {
          const params = Object.entries((call.arguments ?? {}) as object)
            .map(
              ([key, value]) =>
                `<｜DSML｜parameter name="${key}" string="${typeof value === "string"}">${typeof value === "string" ? value : JSON.stringify(value)}</｜DSML｜parameter>\n`,
            )
            .join("");
          prompt += `<｜DSML｜invoke name="${call.name}">\n${params}</｜DSML｜invoke>\n`;
        }
        prompt += "</｜DSML｜tool_calls>";
      }
      prompt += "<｜end▁of▁sentence｜>";
    }
  });
  return { conversation: prompt, generation: `<｜Assistant｜>${thinking ? "<think>" : "</think>"}` };
};

function text(message: PreparedMessage): string {
  return contentText(message.content);
}
