import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, type PreparedMessage, raise } from "./template-model";

/**
 * DeepSeek-V3.1 (the checkpoint's `tokenizer_config.json` template). Every system message, wherever
 * it is, is joined at the very top (a late one rewrites the start of the prompt); a role it does not
 * know is dropped; reasoning is never rendered. It concatenates each call's `arguments` as a string,
 * so under vLLM (which parses them into an object) any past tool call raises Python's TypeError.
 * Thinking switch `thinking`, default off; the generation prompt exists only after a user message:
 * after a tool result the template adds nothing and the model answers as plain text.
 * `argumentsAsJson` is the fix the gateway's error advises: a copy that writes them with `| tojson`.
 */
export function deepseekV31Template(options: { readonly argumentsAsJson: boolean }): FamilyRender {
  return ({ messages, kwargs }) => render(messages, kwargs, options.argumentsAsJson);
}

function render(
  messages: readonly PreparedMessage[],
  kwargs: Readonly<Record<string, unknown>>,
  argumentsAsJson: boolean,
): ReturnType<FamilyRender> {
  const thinking = kwargs.thinking === true;
  const systems = messages.filter((message) => message.role === "system").map(text);
  let prompt = `<｜begin▁of▁sentence｜>${systems.join("\n\n")}`;
  let lastUser = false;
  let afterTool = false;
  for (const message of messages) {
    const content = text(message);
    if (message.role === "user") {
      afterTool = false;
      lastUser = true;
      prompt += `<｜User｜>${content}`;
    } else if (message.role === "assistant" && message.toolCalls !== undefined) {
      if (lastUser) prompt += "<｜Assistant｜></think>";
      lastUser = false;
      afterTool = false;
      message.toolCalls.forEach((call, index) => {
        if (typeof call.arguments !== "string" && !argumentsAsJson) {
          raise(`can only concatenate str (not "${pythonType(call.arguments)}") to str`);
        }
        const written = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
        const head = index === 0 ? `${content}<｜tool▁calls▁begin｜>` : "";
        prompt += `${head}<｜tool▁call▁begin｜>${call.name}<｜tool▁sep｜>${written}<｜tool▁call▁end｜>`;
      });
      prompt += "<｜tool▁calls▁end｜><｜end▁of▁sentence｜>";
    } else if (message.role === "assistant") {
      if (lastUser) prompt += "<｜Assistant｜></think>";
      lastUser = false;
      const answer = afterTool
        ? content
        : content.includes("</think>")
          ? content.slice(content.indexOf("</think>") + 8)
          : content;
      prompt += `${answer}<｜end▁of▁sentence｜>`;
      afterTool = false;
    } else if (message.role === "tool") {
      lastUser = false;
      afterTool = true;
      prompt += `<｜tool▁output▁begin｜>${content}<｜tool▁output▁end｜>`;
    }
  }
  const generation =
    lastUser && !afterTool ? (thinking ? "<｜Assistant｜><think>" : "<｜Assistant｜></think>") : "";
  return { conversation: prompt, generation };
}

function text(message: PreparedMessage): string {
  return contentText(message.content);
}

/** Python's name for a JSON value's type, as its TypeError says it. */
export function pythonType(value: unknown): string {
  if (Array.isArray(value)) return "list";
  if (value === null) return "NoneType";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "boolean") return "bool";
  return typeof value === "object" ? "dict" : "str";
}
