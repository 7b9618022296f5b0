import type { Gemma4Limits } from "./gemma4-limits";
import { CALL_PREFIX } from "./gemma4-markers";

/**
 * How a call opens: `<|tool_call>call:NAME{`, `<call>NAME{` (fragmented tokens), a bare `call:NAME{` after the
 * channel's close (`bare`, whitespace allowed before it) or at the start of a line (`line`, none allowed).
 */
export type HeaderForm = "opener" | "fragment" | "bare" | "line";

export type CallHeader =
  | { readonly kind: "call"; readonly name: string; readonly end: number }
  | { readonly kind: "hold" }
  | { readonly kind: "none" };

const HOLD_HEADER: CallHeader = { kind: "hold" };
const NO_HEADER: CallHeader = { kind: "none" };

/**
 * Reads a call header from `text[at..]`, right after its opener: for `opener`, optional whitespace, an optional
 * stray `:` (`<|tool_call>:call:`), `call:`; for `bare`, optional whitespace and `call:`; for `line`, `call:`; then
 * NAME and `{`
 * (for `fragment`, NAME and `{` at once). NAME is at least one character without whitespace, quotes, brackets,
 * `<`, `>`, `,` or `:` (so `get-weather` and `weather.get` are names). `hold` while the text may still become a
 * header (never with `final`); `none` when it cannot.
 */
export function readCallHeader(
  text: string,
  at: number,
  form: HeaderForm,
  final: boolean,
  limits: Gemma4Limits,
): CallHeader {
  let index = at;
  const more = () => (final ? NO_HEADER : HOLD_HEADER);
  if (form !== "fragment") {
    const start = index;
    while (form !== "line" && index < text.length && isWhitespace(text.charCodeAt(index))) {
      if (++index - start > limits.maxWhitespace) return NO_HEADER;
    }
    if (index === text.length) return more();
    if (form === "opener" && text.charCodeAt(index) === COLON) index++;
    const prefix = matchLiteral(text, index, CALL_PREFIX);
    if (prefix === "partial") return more();
    if (prefix === "no") return NO_HEADER;
    index += CALL_PREFIX.length;
  }
  const nameStart = index;
  for (; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === OPEN_BRACE) {
      if (index === nameStart) return NO_HEADER;
      return { kind: "call", name: text.slice(nameStart, index), end: index + 1 };
    }
    if (!isNameCharacter(code)) return NO_HEADER;
    if (index - nameStart >= limits.maxNameLength) return NO_HEADER;
  }
  return more();
}

/** Whether `text` holds `literal` at `at` (`yes`), a proper prefix of it reaching its end (`partial`), or not. */
export function matchLiteral(text: string, at: number, literal: string): "yes" | "partial" | "no" {
  if (text.startsWith(literal, at)) return "yes";
  const rest = text.length - at;
  if (rest < literal.length && literal.startsWith(text.slice(at))) return "partial";
  return "no";
}

const COLON = 0x3a;
const OPEN_BRACE = 0x7b;

export function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d;
}

/** A character of a function name or bare key: none of whitespace, `"'<>{}[](),:`. */
export function isNameCharacter(code: number): boolean {
  if (code <= 0x20) return false;
  switch (code) {
    case 0x22: // "
    case 0x27: // '
    case 0x3c: // <
    case 0x3e: // >
    case 0x7b: // {
    case 0x7d: // }
    case 0x5b: // [
    case 0x5d: // ]
    case 0x28: // (
    case 0x29: // )
    case 0x2c: // ,
    case 0x3a: // :
      return false;
    default:
      return true;
  }
}
