import { jsonDepthExceeds } from "@sluice/core";

/** What a `<|open|>json type="object"<|sep|>` body gives the call: its members as JSON text, or nothing usable. */
export type JsonBody =
  | { readonly kind: "object"; readonly keys: readonly string[]; readonly members: string }
  | { readonly kind: "invalid" };

const INVALID: JsonBody = { kind: "invalid" };

/**
 * The body's text as the arguments' members (`"city": "x", "days": 2`, without the braces), for a call whose `{`
 * is already out: a JSON object's text inside its braces as the model wrote it (numbers keep their digits), or,
 * when it repeats a key the call already has from an argument block, its other members re-serialised. Anything
 * but a JSON object is invalid.
 */
export function readJsonBody(text: string, given: (key: string) => boolean): JsonBody {
  const trimmed = text.trim();
  if (!trimmed.startsWith("{") || jsonDepthExceeds(trimmed)) return INVALID;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return INVALID;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return INVALID;
  const keys = Object.keys(value);
  if (keys.every((key) => !given(key))) return { kind: "object", keys, members: trimmed.slice(1, -1).trim() };
  const kept = keys.filter((key) => !given(key));
  const record = value as Record<string, unknown>;
  return {
    kind: "object",
    keys: kept,
    members: kept.map((key) => `${JSON.stringify(key)}: ${JSON.stringify(record[key])}`).join(", "),
  };
}
