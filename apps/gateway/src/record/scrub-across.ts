import { BEARER_TOKEN, MIN_SECRET_LENGTH, secretTailStart } from "../upstream/scrub-secrets";
import { editAcross, type TextEdit } from "./edit-across";

/**
 * `scrubSecrets` over a list of texts read as one text (a stream's reads, or the deltas of one field
 * across a stream): a key split between two pieces is redacted too, the piece it starts in getting
 * `[redacted]` and the rest of it removed from the pieces after (docs/config.md §1, "Recording").
 */
export function scrubAcross(texts: readonly string[], secrets: readonly string[]): string[] {
  const whole = texts.join("");
  const spans: { start: number; end: number; replacement: string }[] = [];
  const patterns: { pattern: RegExp; replacement: string }[] = secrets
    .filter((secret) => secret.length >= MIN_SECRET_LENGTH)
    .map((secret) => ({ pattern: new RegExp(escapeRegExp(secret), "g"), replacement: "[redacted]" }));
  patterns.push({ pattern: new RegExp(BEARER_TOKEN), replacement: "Bearer [redacted]" });
  for (const { pattern, replacement } of patterns) {
    for (const match of whole.matchAll(pattern))
      spans.push({ start: match.index, end: match.index + match[0].length, replacement });
  }
  const tail = secretTailStart(whole, secrets);
  if (tail !== undefined) spans.push({ start: tail, end: whole.length, replacement: "[redacted]" });
  return spans.length === 0 ? [...texts] : editAcross(texts, merged(spans));
}

/** The spans in order, overlapping ones (a key inside a Bearer token) joined into one. */
function merged(spans: { start: number; end: number; replacement: string }[]): TextEdit[] {
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const edits: { start: number; end: number; replacement: string }[] = [];
  for (const span of spans) {
    const last = edits.at(-1);
    if (last !== undefined && span.start < last.end) last.end = Math.max(last.end, span.end);
    else edits.push({ ...span });
  }
  return edits;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
