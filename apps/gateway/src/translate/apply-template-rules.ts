import type { ChatMessage } from "@sluice/upstream-chat";
import type { TemplateRules } from "../config/template-rules";
import { withSystemContext } from "./with-system-context";

/**
 * A route's upstream messages shaped as the family's template takes them (docs/dialects.md §5): an assistant
 * turn's text and calls as two turns where the template would drop the text (`textBeforeCalls`), or its text in
 * its reasoning where the template takes no turn with both (`textInReasoning`), one call per turn where the template
 * renders only the first (`oneCallPerTurn`); past reasoning under every name the
 * family's servers read (`reasoningUnder`); and one leading system message where the template takes no other
 * (`oneLeadingSystem`). Without such rules the messages are returned as they are.
 */
export function applyTemplateRules(
  messages: readonly ChatMessage[],
  rules:
    | Pick<TemplateRules, "systemMessages" | "textBesideCalls" | "reasoningFields" | "callsPerTurn">
    | undefined,
): readonly ChatMessage[] {
  let shaped = rules?.callsPerTurn === "one" ? oneCallPerTurn(messages) : messages;
  if (rules?.textBesideCalls === "own-turn") shaped = textBeforeCalls(shaped);
  else if (rules?.textBesideCalls === "in-reasoning") shaped = textInReasoning(shaped);
  if (rules?.reasoningFields !== undefined) shaped = reasoningUnder(shaped, rules.reasoningFields);
  return rules?.systemMessages === "leading" ? oneLeadingSystem(shaped) : shaped;
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

/**
 * An assistant turn with calls, text and reasoning has its text appended to its reasoning (a blank line between):
 * gpt-oss's template renders a call turn's text as its analysis when it has no reasoning, and raises when it has
 * both; llama.cpp drops the text then. Appended, the model's words stay in the analysis it re-reads in the loop.
 */
function textInReasoning(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== "assistant" || (message.tool_calls?.length ?? 0) === 0) return message;
    const reasoning = message.reasoning ?? message.reasoning_content ?? "";
    const text = assistantText(message.content);
    if (reasoning === "" || text === "") return message;
    const joined = `${reasoning}\n\n${text}`;
    return {
      ...message,
      content: null,
      ...(message.reasoning === undefined ? {} : { reasoning: joined }),
      ...(message.reasoning_content === undefined ? {} : { reasoning_content: joined }),
    };
  });
}

/**
 * An assistant turn with several calls as one turn per call, each followed by its result (matched by id): the
 * first keeps the turn's text and reasoning, the others are calls alone. Results that match no call stay after
 * the last. gpt-oss's template renders only a turn's first call and names each result after the last call.
 */
function oneCallPerTurn(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  if (!messages.some((message) => message.role === "assistant" && (message.tool_calls?.length ?? 0) > 1))
    return messages;
  const result: ChatMessage[] = [];
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as ChatMessage;
    if (message.role !== "assistant" || (message.tool_calls?.length ?? 0) <= 1) {
      result.push(message);
      continue;
    }
    const calls = message.tool_calls ?? [];
    const results: Extract<ChatMessage, { role: "tool" }>[] = [];
    while (messages[index + 1]?.role === "tool")
      results.push(messages[++index] as Extract<ChatMessage, { role: "tool" }>);
    calls.forEach((call, callNumber) => {
      result.push(
        callNumber === 0
          ? { ...message, tool_calls: [call] }
          : { role: "assistant", content: null, tool_calls: [call] },
      );
      const answer = results.findIndex((tool) => tool.tool_call_id === call.id);
      if (answer !== -1) result.push(...results.splice(answer, 1));
    });
    result.push(...results);
  }
  return result;
}

/** Each assistant turn's reasoning under every one of `fields`. */
function reasoningUnder(
  messages: readonly ChatMessage[],
  fields: readonly ("reasoning" | "reasoning_content")[],
): readonly ChatMessage[] {
  return messages.map((message) => {
    if (message.role !== "assistant") return message;
    const reasoning = message.reasoning ?? message.reasoning_content;
    if (reasoning === undefined || reasoning === "") return message;
    const copies: { reasoning?: string; reasoning_content?: string } = {};
    for (const field of fields) copies[field] = reasoning;
    return { ...message, ...copies };
  });
}

/** An assistant message's text: its string, or its text parts joined as vLLM joins them for a string template. */
function assistantText(content: Extract<ChatMessage, { role: "assistant" }>["content"]): string {
  if (content === null || content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((part) => part.text).join("\n");
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
