import type { PreparedMessage, PreparedToolCall, TextPart } from "./template-model";

/**
 * How vLLM hands content to a template: `"openai"` (a list of `{type: "text", text}` parts) when the
 * template loops over a message's content, `"string"` (text parts joined with "\n") otherwise
 * (`_detect_content_format`).
 */
export type ContentFormat = "string" | "openai";

const TEXT_PART_TYPES = new Set(["text", "input_text", "output_text", "refusal"]);

/** A request message's text parts; other parts (images, audio) are out of this oracle's scope. */
function textParts(content: unknown): string[] {
  if (content === null || content === undefined) return [];
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) throw new Error(`unexpected content ${JSON.stringify(content)}`);
  const texts: string[] = [];
  for (const part of content as unknown[]) {
    if (typeof part === "string") texts.push(part);
    else if (typeof part === "object" && part !== null) {
      const { type, text, refusal } = part as { type?: string; text?: unknown; refusal?: unknown };
      if (type === undefined || !TEXT_PART_TYPES.has(type)) {
        throw new Error(`unsupported content part type ${String(type)}`);
      }
      const value = type === "refusal" ? refusal : text;
      // vLLM skips a text part whose text is missing.
      if (typeof value === "string") texts.push(value);
    }
  }
  return texts;
}

function parseArguments(raw: unknown): unknown {
  if (typeof raw === "string") {
    try {
      return JSON.parse(raw);
    } catch {
      return {};
    }
  }
  return typeof raw === "object" && raw !== null ? raw : {};
}

function toolCalls(raw: unknown): PreparedToolCall[] | undefined {
  // vLLM drops a null or empty `tool_calls` so the template takes its plain assistant path.
  if (!Array.isArray(raw) || raw.length === 0) return undefined;
  return (raw as { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[]).map((call) => ({
    ...(typeof call.id === "string" ? { id: call.id } : {}),
    name: String(call.function?.name ?? ""),
    arguments: parseArguments(call.function?.arguments),
  }));
}

/**
 * The request's messages as vLLM prepares them for the template (`_parse_chat_message_content`,
 * `_postprocess_messages`): null content becomes "" (or no parts), a tool message's parts are joined
 * into one string, each call's `arguments` string is parsed, and only `reasoning` is read for past
 * reasoning (`reasoningField: "reasoning_content"` models SGLang and llama.cpp, which read that name).
 */
export function prepareVllmMessages(
  messages: readonly unknown[],
  format: ContentFormat,
  reasoningField: "reasoning" | "reasoning_content" = "reasoning",
): PreparedMessage[] {
  return messages.map((raw) => {
    const message = raw as Record<string, unknown>;
    const role = String(message.role);
    const texts = textParts(message.content);
    const content: string | TextPart[] =
      format === "openai" && role !== "tool"
        ? texts.map((text) => ({ type: "text", text }))
        : texts.join("\n");
    const reasoning = message[reasoningField];
    const calls = role === "assistant" ? toolCalls(message.tool_calls) : undefined;
    return {
      role,
      content,
      ...(role === "assistant" && typeof reasoning === "string" ? { reasoning } : {}),
      ...(calls === undefined ? {} : { toolCalls: calls }),
      ...(role === "tool" && typeof message.tool_call_id === "string"
        ? { toolCallId: message.tool_call_id }
        : {}),
      ...(typeof message.name === "string" ? { name: message.name } : {}),
      ...(Array.isArray(message.tool_responses) && message.tool_responses.length > 0
        ? { toolResponses: message.tool_responses as NonNullable<PreparedMessage["toolResponses"]> }
        : {}),
    };
  });
}

/** A prepared content as one text: list parts joined with `separator` (the template's own join). */
export function contentText(content: string | readonly TextPart[], separator = ""): string {
  return typeof content === "string" ? content : content.map((part) => part.text).join(separator);
}
