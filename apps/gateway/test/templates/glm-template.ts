import { contentText } from "./prepare-vllm-messages";
import type { FamilyRender, PreparedMessage } from "./template-model";

/**
 * GLM-4.5/4.6 (`version: "4.5"`) and GLM-4.7/5 (`version: "4.7"`). vLLM hands content as a list of
 * parts (the tool branch loops over `m.content`); the template joins text parts with nothing between
 * them. Never raises on what vLLM sends. System messages are rendered in place, any number,
 * anywhere; a role it does not know (`developer`) is dropped silently. Reasoning is kept only for
 * assistant turns after the last user message (GLM-4.7: everywhere with `clear_thinking: false`).
 * `enable_thinking: false` appends `/nothink` to every user turn on 4.5/4.6 and closes the think block
 * in the generation prompt; 4.7 opens `<think>` in the generation prompt unless thinking is off.
 */
export function glmTemplate(version: "4.5" | "4.7"): FamilyRender {
  const compact = version === "4.7";
  return ({ messages, tools, kwargs }) => {
    let prompt = "[gMASK]<sop>";
    if (tools !== undefined && tools.length > 0) prompt += `<|system|>\n# Tools\n${JSON.stringify(tools)}`;
    let lastUser = -1;
    messages.forEach((message, index) => {
      if (message.role === "user") lastUser = index;
    });
    const thinkingOff = kwargs.enable_thinking !== undefined && !kwargs.enable_thinking;
    const keepAll = compact && kwargs.clear_thinking !== undefined && !kwargs.clear_thinking;
    messages.forEach((message, index) => {
      const content = visibleText(message);
      switch (message.role) {
        case "user":
          prompt += compact ? `<|user|>${content}` : `<|user|>\n${content}`;
          if (!compact && thinkingOff && !content.endsWith("/nothink")) prompt += "/nothink";
          return;
        case "assistant": {
          const { reasoning, answer } = split(message, content);
          const keep = (keepAll || index > lastUser) && reasoning !== "";
          prompt += "<|assistant|>";
          if (compact) prompt += keep ? `<think>${reasoning.trim()}</think>` : "</think>";
          else prompt += keep ? `\n<think>${reasoning.trim()}</think>` : "\n<think></think>";
          if (answer.trim() !== "") prompt += compact ? answer.trim() : `\n${answer.trim()}`;
          for (const call of message.toolCalls ?? []) prompt += toolCall(call.name, call.arguments, compact);
          return;
        }
        case "tool":
          if (index === 0 || messages[index - 1]?.role !== "tool") prompt += "<|observation|>";
          prompt += compact
            ? `<tool_response>${content}</tool_response>`
            : `\n<tool_response>\n${content}\n</tool_response>`;
          return;
        case "system":
          prompt += compact ? `<|system|>${content}` : `<|system|>\n${content}`;
          return;
        default:
          return;
      }
    });
    const close = compact ? (thinkingOff ? "</think>" : "<think>") : thinkingOff ? "\n<think></think>" : "";
    return { conversation: prompt, generation: `<|assistant|>${close}` };
  };
}

function visibleText(message: PreparedMessage): string {
  return contentText(message.content, "");
}

function split(message: PreparedMessage, content: string): { reasoning: string; answer: string } {
  if (message.reasoning !== undefined) return { reasoning: message.reasoning, answer: content };
  const close = content.indexOf("</think>");
  if (close === -1) return { reasoning: "", answer: content };
  const reasoning = (content.slice(0, close).replace(/\n+$/, "").split("<think>").pop() ?? "").replace(
    /^\n+/,
    "",
  );
  return { reasoning, answer: (content.split("</think>").pop() ?? "").replace(/^\n+/, "") };
}

function toolCall(name: string, args: unknown, compact: boolean): string {
  const entries = typeof args === "object" && args !== null ? Object.entries(args) : [];
  const pairs = entries
    .map(([key, value]) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      return compact
        ? `<arg_key>${key}</arg_key><arg_value>${text}</arg_value>`
        : `\n<arg_key>${key}</arg_key>\n<arg_value>${text}</arg_value>`;
    })
    .join("");
  return compact ? `<tool_call>${name}${pairs}</tool_call>` : `\n<tool_call>${name}${pairs}\n</tool_call>`;
}
