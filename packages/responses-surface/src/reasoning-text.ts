import type { ReasoningItem } from "./input-item";
import { decodeReasoningEnvelope } from "./reasoning-envelope";

/**
 * The text a reasoning item carries back: its raw `content` (reasoning_text), else our own envelope in
 * `encrypted_content` (Codex sends only that back), else its `summary`. Undefined when it has none we can
 * read, such as OpenAI's real ciphertext.
 */
export function reasoningText(item: ReasoningItem): string | undefined {
  const content = joinTexts(item.content ?? []);
  if (content !== "") return content;
  if (typeof item.encrypted_content === "string") {
    const restored = decodeReasoningEnvelope(item.encrypted_content);
    if (restored !== undefined && restored !== "") return restored;
  }
  const summary = joinTexts(item.summary ?? []);
  return summary === "" ? undefined : summary;
}

function joinTexts(parts: readonly { readonly text: string }[]): string {
  return parts
    .map((part) => part.text)
    .filter((text) => text !== "")
    .join("\n\n");
}
