/**
 * What Sluice puts in a reasoning item's `encrypted_content`: base64 of `{"sluice_reasoning": 1, "text": …}`.
 * Nothing is encrypted, there is no secret to keep: Codex strips a reasoning item's readable `content`
 * before sending it back but returns `encrypted_content` verbatim (it asks for it with `include`), so this
 * is how a stateless gateway gets the model's own reasoning back on the next turn. The marker key tells
 * our envelope from OpenAI's real ciphertext, which is left alone.
 */
const MARKER = "sluice_reasoning";
const VERSION = 1;

export function encodeReasoningEnvelope(text: string): string {
  return Buffer.from(JSON.stringify({ [MARKER]: VERSION, text }), "utf8").toString("base64");
}

/** The reasoning text, or undefined when `encrypted` is not an envelope this gateway made. */
export function decodeReasoningEnvelope(encrypted: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encrypted, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
  if (typeof parsed !== "object" || parsed === null) return undefined;
  const envelope = parsed as { [MARKER]?: unknown; text?: unknown };
  return envelope[MARKER] === VERSION && typeof envelope.text === "string" ? envelope.text : undefined;
}
