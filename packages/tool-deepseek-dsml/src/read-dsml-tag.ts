import { skipWhitespace } from "@sluice/tool-kit";
import type { DsmlLimits } from "./dsml-limits";
import { BLOCK_WORDS, CLOSE_PREFIX, OPEN_PREFIX, TAG_WORDS } from "./dsml-markers";

/** One DSML tag, read whole: `<｜DSML｜invoke name="N">`, `</｜DSML｜ parameter>`, `<｜DSML｜tool_calls>` … */
export interface DsmlTag {
  readonly closing: boolean;
  /** `function_calls`, `tool_calls`, `calls`, `invoke` or `parameter`. */
  readonly word: string;
  /** Attribute name → value (`name`, `string`); always empty for closing tags and blocks. */
  readonly attributes: ReadonlyMap<string, string>;
  /** Just after the tag's `>`. */
  readonly end: number;
}

export type DsmlTagMatch =
  | { readonly kind: "hold" }
  /** Not a DSML tag: the prefix is plain text. */
  | { readonly kind: "none" }
  | { readonly kind: "tag"; readonly tag: DsmlTag };

const HOLD_TAG: DsmlTagMatch = { kind: "hold" };
const NOT_A_TAG: DsmlTagMatch = { kind: "none" };

const GREATER_THAN = 62;
const LESS_THAN = 60;
const EQUALS = 61;
const QUOTE = 34;
const LINE_FEED = 10;
// No tag word or attribute name is longer; `invoke` and `parameter` carry at most `name` and `string`.
const MAX_WORD_LENGTH = 16;
const MAX_ATTRIBUTES = 4;

/**
 * Reads the DSML tag whose prefix (`<｜DSML｜` or `</｜DSML｜`) starts at `buffer[index]`: optional whitespace
 * (V4.1 writes `<｜DSML｜ invoke`, r091), a known word, then for `invoke` / `parameter` openers `key="value"`
 * attributes, then `>`. Attribute values have no newline and no `<` and are at most `maxNameLength` long, so
 * what is held stays bounded. Undecided (the buffer ends first) → hold, or none when `final`.
 */
export function readDsmlTag(buffer: string, index: number, final: boolean, limits: DsmlLimits): DsmlTagMatch {
  const undecided = final ? NOT_A_TAG : HOLD_TAG;
  const closing = buffer.startsWith(CLOSE_PREFIX, index);
  let at = skipWhitespace(
    buffer,
    index + (closing ? CLOSE_PREFIX.length : OPEN_PREFIX.length),
    limits.maxWhitespace,
  );
  if (at === -1) return NOT_A_TAG;
  if (at === buffer.length) return undecided;
  const wordStart = at;
  at = skipWord(buffer, at);
  if (at - wordStart > MAX_WORD_LENGTH) return NOT_A_TAG;
  const word = buffer.slice(wordStart, at);
  if (at === buffer.length) {
    return TAG_WORDS.some((known) => known.startsWith(word)) ? undecided : NOT_A_TAG;
  }
  if (!TAG_WORDS.includes(word)) return NOT_A_TAG;
  const takesAttributes = !closing && !BLOCK_WORDS.includes(word);
  const attributes = new Map<string, string>();
  for (;;) {
    const spaceStart = at;
    at = skipWhitespace(buffer, at, limits.maxWhitespace);
    if (at === -1) return NOT_A_TAG;
    if (at === buffer.length) return undecided;
    if (buffer.charCodeAt(at) === GREATER_THAN)
      return { kind: "tag", tag: { closing, word, attributes, end: at + 1 } };
    // An attribute needs a space before it, and only openers of invokes and parameters have any.
    if (!takesAttributes || at === spaceStart || attributes.size >= MAX_ATTRIBUTES) return NOT_A_TAG;
    const nameStart = at;
    at = skipWord(buffer, at);
    if (at === buffer.length) return at - nameStart > MAX_WORD_LENGTH ? NOT_A_TAG : undecided;
    if (at === nameStart || at - nameStart > MAX_WORD_LENGTH) return NOT_A_TAG;
    const name = buffer.slice(nameStart, at);
    if (buffer.charCodeAt(at) !== EQUALS) return NOT_A_TAG;
    if (++at === buffer.length) return undecided;
    if (buffer.charCodeAt(at) !== QUOTE) return NOT_A_TAG;
    const valueStart = ++at;
    for (;;) {
      if (at === buffer.length) return at - valueStart > limits.maxNameLength ? NOT_A_TAG : undecided;
      const code = buffer.charCodeAt(at);
      if (code === QUOTE) break;
      if (code === LINE_FEED || code === LESS_THAN || at - valueStart >= limits.maxNameLength)
        return NOT_A_TAG;
      at++;
    }
    attributes.set(name, buffer.slice(valueStart, at));
    at++;
  }
}

function skipWord(buffer: string, from: number): number {
  let at = from;
  while (at < buffer.length && at - from <= MAX_WORD_LENGTH && isWordCode(buffer.charCodeAt(at))) at++;
  return at;
}

function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95;
}
