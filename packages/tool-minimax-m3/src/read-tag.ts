import { readName, skipWhitespace } from "@sluice/tool-kit";
import type { MinimaxM3Limits } from "./minimax-m3-limits";

/** What follows a namespace token: an element's open or close tag, an invoke's opening, or no tag at all. */
export type M3Tag =
  | { readonly kind: "hold" }
  | { readonly kind: "none" }
  /** `<NAME>` / `</NAME>`; `end` is just after its `>`. */
  | { readonly kind: "open" | "close"; readonly name: string; readonly end: number }
  /** `<invoke name="N">`. */
  | { readonly kind: "invoke"; readonly name: string; readonly end: number };

const HOLD_TAG: M3Tag = { kind: "hold" };
const NO_TAG: M3Tag = { kind: "none" };
const INVOKE_NAME = "invoke name=";
const LESS_THAN = 60;
const SLASH = 47;
const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;

/**
 * Reads the tag after the namespace token, from `from` (just after it): whitespace before the `<` is allowed
 * (SGLang normalises it), then `<invoke name="N">` (N quoted with `"` or `'`, or bare), `<NAME>` or `</NAME>`.
 * A name has no whitespace and none of `< > / " ' =`, and at most `limits.maxNameLength` characters. Undecided
 * (the buffer ends first) → hold, or none when `final`; bounded by the limits.
 */
export function readTag(buffer: string, from: number, final: boolean, limits: MinimaxM3Limits): M3Tag {
  const at = skipWhitespace(buffer, from, limits.maxWhitespace);
  if (at === -1) return NO_TAG;
  if (at >= buffer.length) return final ? NO_TAG : HOLD_TAG;
  if (buffer.charCodeAt(at) !== LESS_THAN) return NO_TAG;
  let start = at + 1;
  if (start >= buffer.length) return final ? NO_TAG : HOLD_TAG;
  const closing = buffer.charCodeAt(start) === SLASH;
  if (closing) start++;
  else {
    const rest = buffer.slice(start, start + INVOKE_NAME.length);
    if (rest === INVOKE_NAME) return readInvoke(buffer, start + INVOKE_NAME.length, final, limits);
    // Maybe `<invoke name=`, cut by the chunk; a name read so far would also read as `<invoke`.
    if (!final && rest.length < INVOKE_NAME.length && INVOKE_NAME.startsWith(rest)) return HOLD_TAG;
  }
  const name = readName(buffer, start, final, {
    terminator: ">",
    maxLength: limits.maxNameLength,
    forbidden: isForbiddenInName,
  });
  if (name.kind === "hold") return HOLD_TAG;
  if (name.kind === "invalid") return NO_TAG;
  return { kind: closing ? "close" : "open", name: name.name, end: name.end };
}

function readInvoke(buffer: string, from: number, final: boolean, limits: MinimaxM3Limits): M3Tag {
  if (from >= buffer.length) return final ? NO_TAG : HOLD_TAG;
  const quote = buffer.charCodeAt(from);
  const quoted = quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE;
  const name = readName(buffer, quoted ? from + 1 : from, final, {
    terminator: quoted ? `${String.fromCharCode(quote)}>` : ">",
    maxLength: limits.maxNameLength,
    // A Jinja phantom such as `{{ tool.name }}` is no call.
    forbidden: (code) => isForbiddenInName(code) || code === 123 || code === 125,
  });
  if (name.kind === "hold") return HOLD_TAG;
  if (name.kind === "invalid") return NO_TAG;
  return { kind: "invoke", name: name.name, end: name.end };
}

function isForbiddenInName(code: number): boolean {
  switch (code) {
    case LESS_THAN:
    case 62: // >
    case SLASH:
    case DOUBLE_QUOTE:
    case SINGLE_QUOTE:
    case 61: // =
      return true;
    default:
      return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
  }
}
