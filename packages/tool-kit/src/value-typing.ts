import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { isPlainObject, repairJson } from "@sluice/tool-concat-repair";
import { type ParameterType, resolveParameterType } from "./resolve-parameter-type";

/** Why the value is not simply the schema's type applied: kept as the raw string, or repaired. */
export type TypingNote = "kept-as-string" | "repaired";

export interface TypedParameterValue {
  /** The value as JSON text. */
  readonly json: string;
  readonly note?: TypingNote;
}

const NULL_VALUE: TypedParameterValue = { json: "null" };
// Valid JSON numbers are emitted verbatim: a 20-digit id keeps every digit.
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
// What a model writes that Number() reads the way it was meant: `5.`, `.5`, `+3`, `007`.
const LOOSE_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Converts a parameter's raw text (one leading and one trailing newline already stripped) to JSON
 * text by its schema (docs/dialects.md §2, Types). String-like schemas keep the raw string, so `"42"` and
 * `"null"` stay strings (t017, t054) unless the schema is nullable and the text is exactly `null` or
 * `None` (t020, t021). Numbers and booleans parse or stay the raw string; objects and arrays parse as
 * JSON, a JSON string that holds one (t023), or a Python literal through the repairer (t008), and are
 * accepted only with the right kind. No schema: the raw string.
 */
export function typeParameterValue(raw: string, schema: unknown): TypedParameterValue {
  const { type, nullable } = resolveParameterType(schema);
  if (type === "string") return nullable && isNullLiteral(raw) ? NULL_VALUE : { json: JSON.stringify(raw) };
  const text = raw.trim();
  if (nullable && isNullLiteral(text)) return NULL_VALUE;
  const typed =
    type === "boolean"
      ? typeBoolean(text)
      : type === "object" || type === "array"
        ? typeStructured(text, type)
        : typeNumber(text);
  return typed ?? { json: JSON.stringify(raw), note: "kept-as-string" };
}

/** Whether `text` is exactly what a nullable schema reads as null (`None`: Python-minded models). */
export function isNullLiteral(text: string): boolean {
  return text === "null" || text === "None";
}

function typeNumber(text: string): TypedParameterValue | undefined {
  if (JSON_NUMBER.test(text)) return { json: text };
  if (!LOOSE_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? { json: JSON.stringify(value) } : undefined;
}

function typeBoolean(text: string): TypedParameterValue | undefined {
  const lower = text.toLowerCase();
  return lower === "true" || lower === "false" ? { json: lower } : undefined;
}

function typeStructured(
  text: string,
  kind: ParameterType,
  decodeString = true,
): TypedParameterValue | undefined {
  // Too deep for anything that walks it afterwards: kept as the raw string, like any value that is not JSON.
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return undefined;
  let parsed: unknown;
  let parses = true;
  try {
    parsed = JSON.parse(text);
  } catch {
    parses = false;
  }
  if (parses) {
    if (isKind(parsed, kind)) return { json: text };
    // t023: the model JSON-encoded the object (or its Python repr) as a string; decode it once.
    if (typeof parsed === "string" && decodeString) {
      const inner = typeStructured(parsed.trim(), kind, false);
      return inner === undefined ? undefined : { json: inner.json, note: "repaired" };
    }
    return undefined;
  }
  const repaired = repairJson(text);
  if (repaired.ok && isKind(repaired.value, kind))
    return { json: JSON.stringify(repaired.value), note: "repaired" };
  return undefined;
}

function isKind(value: unknown, kind: ParameterType): boolean {
  return kind === "array" ? Array.isArray(value) : isPlainObject(value);
}
