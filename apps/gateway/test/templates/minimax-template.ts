import { contentText } from "./prepare-vllm-messages";
import { splitReasoning } from "./qwen35-template";
import { type FamilyRender, type PreparedMessage, type PreparedToolCall, raise } from "./template-model";

/** What differs between MiniMax generations: how a turn's calls and past reasoning are written, and the prompt's end. */
export interface MinimaxFormat {
  readonly thinkOpen: string;
  readonly thinkClose: string;
  /** A turn's calls, after its text. */
  readonly calls: (calls: readonly PreparedToolCall[]) => string;
  /** The generation prompt after the assistant header (`<think>\n` where the template opens reasoning). */
  readonly generation: (kwargs: Readonly<Record<string, unknown>>) => string;
}

/**
 * MiniMax's message loop (M2's `chat_template.jinja`; M2.1 and M2.5 keep it). vLLM hands content as a
 * list of parts, joined with nothing between them. Only `messages[0]` can be the system message: a
 * later system message, and any role it does not know (`developer`), is dropped silently. A tool
 * message raises unless an assistant turn with tool calls came before it (a plain assistant turn in
 * between resets that). Reasoning is kept only after the last user message.
 */
export const minimaxTemplate =
  (format: MinimaxFormat): FamilyRender =>
  ({ messages, tools, kwargs }) => {
    const first = messages[0];
    const system = first?.role === "system" ? first : undefined;
    const conversation = system === undefined ? messages : messages.slice(1);
    let lastUser = -1;
    conversation.forEach((message, index) => {
      if (message.role === "user") lastUser = index;
    });
    // `system_message.content` is tested for truth: an empty list or string gets the default identity.
    const hasContent = system !== undefined && system.content.length > 0;
    let prompt = `]~!b[]~b]system\n${hasContent ? text(system) : "You are a helpful assistant."}`;
    if (tools !== undefined && tools.length > 0)
      prompt += `\n\n# Tools\n<tools>${JSON.stringify(tools)}</tools>`;
    prompt += "[e~[\n";
    let lastToolCall: string | undefined;
    conversation.forEach((message, index) => {
      const content = text(message);
      if (message.role === "assistant") {
        const { reasoning, answer } = splitReasoning(message, content);
        prompt += "]~b]ai\n";
        if (reasoning !== "" && index > lastUser)
          prompt += `${format.thinkOpen}\n${reasoning}\n${format.thinkClose}\n\n`;
        prompt += answer;
        const calls = message.toolCalls ?? [];
        if (calls.length > 0) {
          prompt += format.calls(calls);
          lastToolCall = calls[calls.length - 1]?.name;
        } else {
          lastToolCall = undefined;
        }
        prompt += "[e~[\n";
      } else if (message.role === "tool") {
        if (lastToolCall === undefined) {
          raise("Message has tool role, but there was no previous assistant message with a tool call!");
        }
        if (index === 0 || conversation[index - 1]?.role !== "tool") prompt += "]~b]tool";
        prompt += `\n<response>${content}</response>`;
        if (conversation[index + 1]?.role !== "tool") prompt += "[e~[\n";
      } else if (message.role === "user") {
        prompt += `]~b]user\n${content}[e~[\n`;
      }
    });
    return { conversation: prompt, generation: `]~b]ai\n${format.generation(kwargs)}` };
  };

function text(message: PreparedMessage): string {
  return contentText(message.content, "");
}
