import { isJsonWhitespace, JsonScanner } from "@sluice/core";

/** One top-level value found by `scanJsonValues`: `text.slice(start, end)`. */
export interface JsonValueSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * What a text is, structurally: complete top-level objects/arrays back to back (`spans`), then
 * `ending`: `clean` (only whitespace after them), `open` (the last value is cut off: inside a
 * string or with unclosed brackets) or `other` (something that does not start an object or array).
 */
export interface JsonValuesScan {
  readonly spans: readonly JsonValueSpan[];
  readonly ending: "clean" | "open" | "other";
}

const APOSTROPHE = 39; // '

/**
 * Scans `text` once for back-to-back top-level JSON objects/arrays, string-aware.
 * Strict JSON goes through core's `JsonScanner`. Near-JSON with single quotes (Python reprs,
 * `{'cmd': 'echo }'}`) would fool a double-quote-only scanner, so a text that contains `'` is
 * scanned by a scanner that also knows '…' strings; for strict JSON both give the same answer
 * (a `'` is only ever inside a "…" string there).
 */
export function scanJsonValues(text: string): JsonValuesScan {
  if (text.indexOf("'") !== -1) return scanWithQuotes(text);
  const spans: JsonValueSpan[] = [];
  const scanner = new JsonScanner();
  let index = skipWhitespace(text, 0);
  while (index < text.length) {
    scanner.reset();
    const end = scanner.scan(text, index);
    if (end === -1) return { spans, ending: scanner.status === "open" ? "open" : "other" };
    spans.push({ start: index, end });
    index = skipWhitespace(text, end);
  }
  return { spans, ending: "clean" };
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  while (index < text.length && isJsonWhitespace(text.charCodeAt(index))) index++;
  return index;
}

/**
 * The single-quote-aware variant: `'` opens a string only where a value or key can start (after
 * `{`, `[`, `,`, `:` or whitespace), so the apostrophe of an unquoted `don't` stays data.
 */
function scanWithQuotes(text: string): JsonValuesScan {
  const spans: JsonValueSpan[] = [];
  let index = skipWhitespace(text, 0);
  const length = text.length;
  while (index < length) {
    const first = text.charCodeAt(index);
    if (first !== 123 && first !== 91) return { spans, ending: "other" };
    const start = index;
    let depth = 0;
    let quote = 0;
    let escaped = false;
    let previous = 0;
    let closed = false;
    for (; index < length; index++) {
      const code = text.charCodeAt(index);
      if (quote !== 0) {
        if (escaped) escaped = false;
        else if (code === 92) escaped = true;
        else if (code === quote) quote = 0;
        previous = code;
        continue;
      }
      if (code === 34 || (code === APOSTROPHE && opensValue(previous))) quote = code;
      else if (code === 123 || code === 91) depth++;
      else if (code === 125 || code === 93) {
        depth--;
        if (depth === 0) {
          index++;
          closed = true;
          break;
        }
      }
      if (!isJsonWhitespace(code)) previous = code;
    }
    if (!closed) return { spans, ending: "open" };
    spans.push({ start, end: index });
    index = skipWhitespace(text, index);
  }
  return { spans, ending: "clean" };
}

/** Whether a value or key may start after `previous` (the last non-whitespace character outside strings). */
function opensValue(previous: number): boolean {
  return previous === 123 || previous === 91 || previous === 44 || previous === 58 || previous === 0;
}
