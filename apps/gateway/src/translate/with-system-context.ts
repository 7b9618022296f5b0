import type { ChatMessage } from "@sluice/upstream-chat";

const OPEN = "<system-reminder>\n";
const CLOSE = "\n</system-reminder>";

/**
 * A user message or tool result with late system text wrapped inside it, after its own content or before it
 * (docs/dialects.md §5). The wrapper is the one Claude Code itself puts around system context in user turns and
 * tool results, so the model meets one convention for it; the text inside is exactly what the client sent, and
 * a blank line parts it from the neighbour's. A list content keeps its parts: the text joins its last (or first)
 * text part, so templates that join parts with nothing (GLM, MiniMax, Kimi) and those that join them with a
 * newline render the same text.
 */
export function withSystemContext(
  message: ChatMessage,
  texts: readonly string[],
  where: "before" | "after",
): ChatMessage {
  const context = texts.map((text) => `${OPEN}${text}${CLOSE}`).join("\n\n");
  const { content } = message as { content: unknown };
  if (typeof content === "string" || content === null || content === undefined) {
    const own = typeof content === "string" ? content : "";
    const joined = own === "" ? context : where === "after" ? `${own}\n\n${context}` : `${context}\n\n${own}`;
    return { ...message, content: joined } as ChatMessage;
  }
  const parts = [...(content as { type: string; text?: string }[])];
  const at = where === "after" ? parts.findLastIndex(isText) : parts.findIndex(isText);
  const edge = where === "after" ? parts.length - 1 : 0;
  if (at === edge && at !== -1) {
    const text = parts[at]?.text ?? "";
    parts[at] = { type: "text", text: where === "after" ? `${text}\n\n${context}` : `${context}\n\n${text}` };
  } else if (where === "after") parts.push({ type: "text", text: `\n\n${context}` });
  else parts.unshift({ type: "text", text: `${context}\n\n` });
  return { ...message, content: parts } as ChatMessage;
}

function isText(part: { type: string; text?: string }): boolean {
  return part.type === "text" && typeof part.text === "string";
}
