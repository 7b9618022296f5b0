import { contentText } from "./prepare-vllm-messages";
import { type FamilyRender, type PreparedMessage, raise } from "./template-model";

/**
 * Qwen3.5 and Qwen3.6 (`chat_template.jinja` of the Qwen3.5/3.6 checkpoints; Qwen3-Coder-Next and
 * Qwen3.8 share the body). Content reaches it as a string (its `render_content` macro is not a loop
 * over `message.content`, so vLLM joins text parts with "\n"), trimmed.
 *
 * Raises: no messages; no user message that is not a `<tool_response>` wrapper; a system message
 * anywhere but first; any role but system/user/assistant/tool (`developer` too). Keeps an assistant
 * turn's reasoning only after the last real user query, or everywhere with Qwen3.6's
 * `preserve_thinking: true`; earlier reasoning is dropped.
 */
export interface Qwen35TemplateOptions {
  /** Whether `preserve_thinking: true` keeps every turn's reasoning (Qwen3.6, Step 3.5/3.7). */
  readonly preserveThinking: boolean;
  /** The turn tool results go in: Qwen's `user`, Step's own `tool_response` (default `user`). */
  readonly toolResultTurn?: "user" | "tool_response";
  /** Whether `enable_thinking: false` pre-fills an empty think block (Qwen; Step has no switch). Default true. */
  readonly thinkingSwitch?: boolean;
}

export function qwen35Template(options: Qwen35TemplateOptions): FamilyRender {
  const toolTurn = options.toolResultTurn ?? "user";
  return ({ messages, tools, kwargs }) => {
    if (messages.length === 0) raise("No messages provided.");
    let prompt = "";
    const first = messages[0] as PreparedMessage;
    const system = first.role === "system" ? text(first) : undefined;
    if (tools !== undefined && tools.length > 0) {
      prompt += `<|im_start|>system\n# Tools\n${JSON.stringify(tools)}`;
      if (system) prompt += `\n\n${system}`;
      prompt += "<|im_end|>\n";
    } else if (system !== undefined) {
      prompt += `<|im_start|>system\n${system}<|im_end|>\n`;
    }
    const lastQuery = lastQueryIndex(messages);
    const preserve = options.preserveThinking && kwargs.preserve_thinking === true;
    messages.forEach((message, index) => {
      const content = text(message);
      switch (message.role) {
        case "system":
          if (index !== 0) raise("System message must be at the beginning.");
          return;
        case "user":
          prompt += `<|im_start|>user\n${content}<|im_end|>\n`;
          return;
        case "assistant": {
          const { reasoning, answer } = splitReasoning(message, content);
          prompt +=
            preserve || index > lastQuery
              ? `<|im_start|>assistant\n<think>\n${reasoning}\n</think>\n\n${answer}`
              : `<|im_start|>assistant\n${answer}`;
          (message.toolCalls ?? []).forEach((call, callIndex) => {
            const lead = callIndex === 0 ? (answer.trim() ? "\n\n" : "") : "\n";
            prompt += `${lead}<tool_call>\n<function=${call.name}>\n${parameters(call.arguments)}</function>\n</tool_call>`;
          });
          prompt += "<|im_end|>\n";
          return;
        }
        case "tool": {
          const previous = messages[index - 1];
          // The template opens the user turn only after a non-tool message (`loop.previtem`).
          if (previous !== undefined && previous.role !== "tool") prompt += `<|im_start|>${toolTurn}`;
          prompt += `\n<tool_response>\n${content}\n</tool_response>`;
          const next = messages[index + 1];
          if (next === undefined || next.role !== "tool") prompt += "<|im_end|>\n";
          return;
        }
        default:
          raise("Unexpected message role.");
      }
    });
    const switchedOff = (options.thinkingSwitch ?? true) && kwargs.enable_thinking === false;
    const think = switchedOff ? "<think>\n\n</think>\n\n" : "<think>\n";
    return { conversation: prompt, generation: `<|im_start|>assistant\n${think}` };
  };
}

function text(message: PreparedMessage): string {
  return contentText(message.content, "").trim();
}

/** The last user message that is not only a tool-response wrapper; raises when there is none. */
function lastQueryIndex(messages: readonly PreparedMessage[]): number {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as PreparedMessage;
    if (message.role !== "user") continue;
    const content = text(message);
    if (!(content.startsWith("<tool_response>") && content.endsWith("</tool_response>"))) return index;
  }
  return raise("No user query found in messages.");
}

/** `reasoning_content` when the server passed one, else a `<think>…</think>` block in the content. */
export function splitReasoning(
  message: PreparedMessage,
  content: string,
): { readonly reasoning: string; readonly answer: string } {
  if (message.reasoning !== undefined) return { reasoning: message.reasoning.trim(), answer: content };
  const close = content.indexOf("</think>");
  if (close === -1) return { reasoning: "", answer: content };
  const before = content.slice(0, close).replace(/\n+$/, "");
  const reasoning = (before.split("<think>").pop() ?? "").replace(/^\n+/, "").trim();
  const answer = (content.split("</think>").pop() ?? "").replace(/^\n+/, "");
  return { reasoning, answer };
}

/** Qwen's `<parameter=k>` blocks: strings raw, other values as JSON. */
export function parameters(args: unknown): string {
  if (typeof args !== "object" || args === null) return "";
  return Object.entries(args)
    .map(
      ([key, value]) =>
        `<parameter=${key}>\n${typeof value === "string" ? value : JSON.stringify(value)}\n</parameter>\n`,
    )
    .join("");
}
