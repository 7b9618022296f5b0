import { isJsonWhitespace } from "@sluice/core";
import { skipWhitespace } from "@sluice/tool-kit";
import { ARGS, CALL_ID } from "./mistral-markers";

/** What follows a `[TOOL_CALLS]`, read up to the first character of a call's arguments or of the v3 list. */
export type MistralHeader =
  /** The text ends before it is known (never when `final`). */
  | { readonly kind: "hold" }
  /** Not a call: the `[TOOL_CALLS]` is text. */
  | { readonly kind: "invalid" }
  /** v3: a JSON list of `{"name", "arguments"}` objects; `listStart` is the index of its `[`. */
  | { readonly kind: "list"; readonly listStart: number }
  /** v11 / v13: `NAME[CALL_ID]ID[ARGS]{…}` or `NAME[ARGS]{…}`; `argumentsStart` is the index of the `{`. */
  | {
      readonly kind: "call";
      readonly name: string;
      readonly upstreamId?: string;
      readonly argumentsStart: number;
    };

const HOLD: MistralHeader = { kind: "hold" };
const INVALID: MistralHeader = { kind: "invalid" };
const OPEN_BRACE = 123; // {
const OPEN_BRACKET = 91; // [
const QUOTE = 34; // "
const CLOSE_BRACKET = 93; // ]
// Bounds on what is held before a call is known (docs/architecture.md I7).
const MAX_WHITESPACE = 64;
const MAX_NAME = 256;
const MAX_ID = 64;

/**
 * Reads the header after `[TOOL_CALLS]` from `from`: whitespace, then either `[` and `{` (v3's list) or a name
 * ended by `[ARGS]`, by `[CALL_ID]ID[ARGS]`, or straight by `{` (vLLM's mistral tokenizer mode drops `[ARGS]`
 * when it skips special tokens, giving `[TOOL_CALLS]add{"a": 1}`). Bounded: a name, id or whitespace run past
 * its limit is `invalid`, never held longer.
 */
export function readMistralHeader(buffer: string, from: number, final: boolean): MistralHeader {
  const start = skipWhitespace(buffer, from, MAX_WHITESPACE);
  if (start === -1) return INVALID;
  if (start === buffer.length) return final ? INVALID : HOLD;
  if (buffer.charCodeAt(start) === OPEN_BRACKET) {
    // `[ARGS]` with no name is no call; a piece of it is undecided.
    if (buffer.startsWith(ARGS, start) || buffer.startsWith(CALL_ID, start)) return INVALID;
    if (isProperPrefix(buffer, start, [ARGS, CALL_ID])) return final ? INVALID : HOLD;
    const first = skipWhitespace(buffer, start + 1, MAX_WHITESPACE);
    if (first === -1) return INVALID;
    if (first === buffer.length) return final ? INVALID : HOLD;
    const code = buffer.charCodeAt(first);
    return code === OPEN_BRACE || code === CLOSE_BRACKET ? { kind: "list", listStart: start } : INVALID;
  }
  let end = start;
  while (end < buffer.length && isNameCharacter(buffer.charCodeAt(end))) {
    end++;
    if (end - start > MAX_NAME) return INVALID;
  }
  if (end === buffer.length) return final ? INVALID : HOLD;
  if (end === start) return INVALID;
  const name = buffer.slice(start, end);
  if (buffer.charCodeAt(end) === OPEN_BRACE) return { kind: "call", name, argumentsStart: end };
  if (buffer.startsWith(ARGS, end)) return argumentsAfter(buffer, end + ARGS.length, final, name, undefined);
  if (buffer.startsWith(CALL_ID, end)) return idAfter(buffer, end + CALL_ID.length, final, name);
  return !final && isProperPrefix(buffer, end, [ARGS, CALL_ID]) ? HOLD : INVALID;
}

function idAfter(buffer: string, from: number, final: boolean, name: string): MistralHeader {
  let end = from;
  while (end < buffer.length && isIdCharacter(buffer.charCodeAt(end))) {
    end++;
    if (end - from > MAX_ID) return INVALID;
  }
  if (end === buffer.length) return final ? INVALID : HOLD;
  if (end === from) return INVALID;
  if (buffer.startsWith(ARGS, end))
    return argumentsAfter(buffer, end + ARGS.length, final, name, buffer.slice(from, end));
  return !final && isProperPrefix(buffer, end, [ARGS]) ? HOLD : INVALID;
}

function argumentsAfter(
  buffer: string,
  from: number,
  final: boolean,
  name: string,
  upstreamId: string | undefined,
): MistralHeader {
  const at = skipWhitespace(buffer, from, MAX_WHITESPACE);
  if (at === -1) return INVALID;
  if (at === buffer.length) return final ? INVALID : HOLD;
  if (buffer.charCodeAt(at) !== OPEN_BRACE) return INVALID;
  return upstreamId === undefined
    ? { kind: "call", name, argumentsStart: at }
    : { kind: "call", name, upstreamId, argumentsStart: at };
}

/** Function names: anything but whitespace, brackets, braces and quotes (`get_weather`, `ns.tool-2`). */
function isNameCharacter(code: number): boolean {
  return (
    !isJsonWhitespace(code) &&
    code !== OPEN_BRACKET &&
    code !== CLOSE_BRACKET &&
    code !== OPEN_BRACE &&
    code !== QUOTE
  );
}

/** Mistral's call ids are nine letters and digits; a few more are tolerated, nothing else. */
function isIdCharacter(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isProperPrefix(buffer: string, index: number, markers: readonly string[]): boolean {
  const rest = buffer.length - index;
  return markers.some((marker) => rest < marker.length && marker.startsWith(buffer.slice(index)));
}
