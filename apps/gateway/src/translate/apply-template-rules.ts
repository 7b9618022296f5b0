import type { ChatMessage, ChatToolResponse } from "@sluice/upstream-chat";
import type { TemplateRules } from "../config/template-rules";
import { withSystemContext } from "./with-system-context";

/**
 * A route's upstream messages shaped as the family's template takes them (docs/dialects.md §5): an assistant
 * turn's text and calls as two turns where the template would drop the text (`textBeforeCalls`), and one
 * leading system message where the template takes no other (`oneLeadingSystem`), tool results on the message
 * that made the calls where the template reads them there (`asToolResponses`, after the system context went into
 * them). Without such rules the messages are returned as they are.
 */
export function applyTemplateRules(
  messages: readonly ChatMessage[],
  rules: Pick<TemplateRules, "systemMessages" | "textBesideCalls" | "toolResults"> | undefined,
): readonly ChatMessage[] {
  const split = rules?.textBesideCalls === "own-turn" ? textBeforeCalls(messages) : messages;
  const shaped = rules?.systemMessages === "leading" ? oneLeadingSystem(split) : split;
  return rules?.toolResults === "tool_responses" ? asToolResponses(shaped) : shaped;
}

/**
 * The tool messages right after an assistant message with calls become its `tool_responses` (Gemma 4's template,
 * docs/dialects.md §5): each `{name, response}`, named after the call whose id it answers (else the call in its
 * place), its text the response as a string, as the client sent it (the template renders a string as
 * `response:NAME{value:<|"|>TEXT<|"|>}`; parsing it into an object would be a guess). A tool message that follows
 * no call stays as it is.
 */
function asToolResponses(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  if (!messages.some((message) => message.role === "tool")) return messages;
  const result: ChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as ChatMessage;
    const calls = message.role === "assistant" ? (message.tool_calls ?? []) : [];
    if (message.role !== "assistant" || calls.length === 0 || messages[index + 1]?.role !== "tool") {
      result.push(message);
      continue;
    }
    const responses: ChatToolResponse[] = [];
    while (messages[index + 1]?.role === "tool") {
      index++;
      const tool = messages[index] as Extract<ChatMessage, { role: "tool" }>;
      const answered = calls.find((call) => call.id === tool.tool_call_id) ?? calls[responses.length];
      responses.push({ name: answered?.function.name ?? "unknown", response: systemText(tool) });
    }
    result.push({ ...message, tool_responses: responses });
  }
  return result;
}

/**
 * The leading system and developer messages become one (their texts
 * joined by a blank line, as DeepSeek V3.1's template joins them), and each later one becomes system context
 * inside its neighbour: appended to the user message or tool result just before it, else put before the next
 * one (`withSystemContext`). Not moved to the front, which would change the start of the prompt whenever one
 * appears and cost the server's prefix cache the whole conversation; not dropped, which DeepSeek V3.2's and
 * MiniMax's templates would do silently; and not a user message of its own, which these templates take for a
 * new question: they stop rendering the reasoning of the tool loop under way (Qwen3.5's "last query"), so the
 * prompt would change from the loop's first answer on and the model would lose its own train of thought. Only
 * a system message with no user or tool message beside it becomes a user message of its own.
 */
function oneLeadingSystem(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  let leadingEnd = 0;
  while (leadingEnd < messages.length && isSystemRole(messages[leadingEnd])) leadingEnd++;
  const late = messages.slice(leadingEnd).some(isSystemRole);
  if (leadingEnd <= 1 && !late) return messages;

  const result: ChatMessage[] = [];
  const leading = joinTexts(messages.slice(0, leadingEnd));
  if (leading !== "") result.push({ role: "system", content: leading });
  let held: string[] = [];
  for (let message of messages.slice(leadingEnd)) {
    if (isSystemRole(message)) {
      const text = systemText(message);
      if (text === "") continue;
      const last = result.at(-1);
      if (held.length === 0 && last !== undefined && takesContext(last))
        result[result.length - 1] = withSystemContext(last, [text], "after");
      else held.push(text);
      continue;
    }
    if (held.length > 0) {
      if (takesContext(message)) message = withSystemContext(message, held, "before");
      else result.push(withSystemContext({ role: "user", content: "" }, held, "after"));
      held = [];
    }
    result.push(message);
  }
  if (held.length > 0) result.push(withSystemContext({ role: "user", content: "" }, held, "after"));
  return result;
}

/**
 * An assistant message with text and calls as two, its text first: a template that renders the calls in place
 * of the text (Hermes' `tool_use`) still shows the model what it said before calling.
 */
function textBeforeCalls(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const split = (message: ChatMessage): ChatMessage[] => {
    if (message.role !== "assistant" || (message.tool_calls?.length ?? 0) === 0) return [message];
    const { content } = message;
    if (content === null || content === undefined || content === "" || content.length === 0) return [message];
    const { tool_calls, ...text } = message;
    return [text, { role: "assistant", content: null, ...(tool_calls === undefined ? {} : { tool_calls }) }];
  };
  return messages.some((message) => split(message).length > 1) ? messages.flatMap(split) : messages;
}

function isSystemRole(message: ChatMessage | undefined): boolean {
  const role: string | undefined = message?.role;
  return role === "system" || role === "developer";
}

/** User messages and tool results carry system context; the model's own turns do not. */
function takesContext(message: ChatMessage): boolean {
  return message.role === "user" || message.role === "tool";
}

/**
 * A system message's text. System content is text (OpenAI's schema allows nothing else there); vLLM joins a
 * string-content template's text parts with a newline, so the same text reaches every template.
 */
function systemText(message: ChatMessage): string {
  const { content } = message as { content: unknown };
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return (content as { text?: unknown }[])
    .map((part) => (typeof part?.text === "string" ? part.text : ""))
    .filter((text) => text !== "")
    .join("\n");
}

function joinTexts(messages: readonly ChatMessage[]): string {
  return messages
    .map(systemText)
    .filter((text) => text !== "")
    .join("\n\n");
}
