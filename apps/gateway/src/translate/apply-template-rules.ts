import type { ChatMessage, ChatToolResponse } from "@sluice/upstream-chat";
import type { TemplateRules } from "../config/template-rules";
import { withSystemContext } from "./with-system-context";

/**
 * A route's upstream messages shaped as the family's template takes them (docs/dialects.md §5): tool results named
 * after their calls where the template renders them by name (`toolResultNames`); one call per turn where the
 * template renders only the first (`oneCallPerTurn`); an assistant turn's text and calls as two turns where the
 * template would drop the text (`textBeforeCalls`), or its text in its reasoning where the template takes no turn
 * with both (`textInReasoning`); past reasoning under every name the family's servers read (`reasoningUnder`); one
 * leading system message where the template takes no other (`oneLeadingSystem`); no two user turns in a row where
 * the template takes them only in turn (`alternatingTurns`); and tool results on the message that made the calls
 * where the template reads them there (`asToolResponses`, after the system context went into them). Without such
 * rules the messages are returned as they are.
 */
export function applyTemplateRules(
  messages: readonly ChatMessage[],
  rules:
    | Pick<
        TemplateRules,
        | "systemMessages"
        | "textBesideCalls"
        | "toolResultNames"
        | "turns"
        | "reasoningFields"
        | "callsPerTurn"
        | "toolResults"
      >
    | undefined,
): readonly ChatMessage[] {
  let shaped = rules?.toolResultNames === "from-call" ? toolResultNames(messages) : messages;
  if (rules?.callsPerTurn === "one") shaped = oneCallPerTurn(shaped);
  if (rules?.textBesideCalls === "own-turn") shaped = textBeforeCalls(shaped);
  else if (rules?.textBesideCalls === "in-reasoning") shaped = textInReasoning(shaped);
  if (rules?.reasoningFields !== undefined) shaped = reasoningUnder(shaped, rules.reasoningFields);
  if (rules?.systemMessages === "leading") shaped = oneLeadingSystem(shaped);
  if (rules?.turns === "alternating") shaped = alternatingTurns(shaped);
  return rules?.toolResults === "tool_responses" ? asToolResponses(shaped) : shaped;
}

/**
 * No two user turns in a row for a template that takes user and assistant turns only in turn (Mistral's): a user
 * message right after another joins it, and one right after tool results joins the last result when it is all
 * text (what Claude Code writes beside its results). Otherwise the template would raise on the whole request. A
 * user message with images after tool results stays on its own: a tool result renders text only.
 */
function alternatingTurns(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const result: ChatMessage[] = [];
  let changed = false;
  for (const message of messages) {
    const last = result.at(-1);
    if (message.role === "user" && last?.role === "user") {
      result[result.length - 1] = { ...last, content: joinContents(last.content, message.content) };
      changed = true;
      continue;
    }
    const text = message.role === "user" ? onlyText(message.content) : undefined;
    if (text !== undefined && last?.role === "tool") {
      const own = onlyText(last.content) ?? "";
      result[result.length - 1] = { ...last, content: own === "" ? text : `${own}\n\n${text}` };
      changed = true;
      continue;
    }
    result.push(message);
  }
  return changed ? result : messages;
}

type Content = Extract<ChatMessage, { role: "user" }>["content"];

/** Two user contents as one: texts joined by a blank line, parts kept in order. */
function joinContents(first: Content, second: Content): Content {
  if (typeof first === "string" && typeof second === "string") return `${first}\n\n${second}`;
  const parts = (content: Content) =>
    typeof content === "string" ? [{ type: "text" as const, text: content }] : content;
  return [...parts(first), ...parts(second)];
}

/** A content's text when it is nothing but text, else undefined. */
function onlyText(content: unknown): string | undefined {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return content === null || content === undefined ? "" : undefined;
  const texts: string[] = [];
  for (const part of content as { type?: string; text?: unknown }[]) {
    if (part?.type !== "text" || typeof part.text !== "string") return undefined;
    texts.push(part.text);
  }
  return texts.join("\n");
}

/**
 * Each tool result without a `name` named after the assistant call its `tool_call_id` answers (the latest call with
 * that id, as ids may repeat across a long conversation): Kimi K3's template raises on a result whose name it cannot
 * resolve, which its own fallbacks (the id among the last assistant turn's calls, or the call at the result's
 * position) miss when results and calls do not line up. A result that answers no call goes as it is.
 */
function toolResultNames(messages: readonly ChatMessage[]): readonly ChatMessage[] {
  const names = new Map<string, string>();
  let changed = false;
  const result = messages.map((message) => {
    if (message.role === "assistant") {
      for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
      return message;
    }
    if (message.role !== "tool" || message.name !== undefined) return message;
    const name = names.get(message.tool_call_id);
    if (name === undefined) return message;
    changed = true;
    return { ...message, name };
  });
  return changed ? result : messages;
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
