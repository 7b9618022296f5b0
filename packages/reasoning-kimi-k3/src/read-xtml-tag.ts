import { isJsonWhitespace } from "@sluice/core";
import type { XtmlLimits } from "./xtml-limits";
import { XTML_SEP } from "./xtml-markers";

/** What follows `<|open|>` or `<|close|>`: a tag up to its `<|sep|>`, undecided yet, or no tag at all. */
export type XtmlTag =
  | { readonly kind: "hold" }
  | { readonly kind: "none" }
  | {
      readonly kind: "tag";
      readonly name: string;
      /** Attribute values entity-decoded (`&quot;` then `&amp;`), in source order. */
      readonly attributes: ReadonlyMap<string, string>;
      /** Just after the tag's `<|sep|>`. */
      readonly end: number;
    };

const HOLD_TAG: XtmlTag = { kind: "hold" };
const NO_TAG: XtmlTag = { kind: "none" };
const NO_ATTRIBUTES: ReadonlyMap<string, string> = new Map();
const EQUALS = 61;
const DOUBLE_QUOTE = 34;

/**
 * Reads an XTML tag from `from` (just after its `<|open|>` or `<|close|>` marker):
 * `NAME ( KEY="VALUE" )* <|sep|>`, with whitespace allowed around the name and between attributes (a server that
 * spaces special tokens writes `<|open|> response <|sep|>`, smg and vLLM accept it). A name or key is letters,
 * digits, `_`, `-` and `.`; a value is anything but `"` (the template escapes `&` and `"` only, so `<` may be raw).
 * Undecided (the buffer ends first) → hold, or none when `final`; every part bounded by the limits, so a caller
 * holds at most a tag's worth of text.
 */
export function readXtmlTag(buffer: string, from: number, final: boolean, limits: XtmlLimits): XtmlTag {
  const undecided = final ? NO_TAG : HOLD_TAG;
  let at = skipSpace(buffer, from, limits.maxWhitespace);
  if (at === -1) return NO_TAG;
  const nameEnd = nameEndAt(buffer, at, limits.maxNameLength);
  if (nameEnd === -1) return NO_TAG;
  if (nameEnd === buffer.length) return undecided;
  if (nameEnd === at) return NO_TAG;
  const name = buffer.slice(at, nameEnd);
  let attributes: Map<string, string> | undefined;
  at = nameEnd;
  for (;;) {
    const next = skipSpace(buffer, at, limits.maxWhitespace);
    if (next === -1) return NO_TAG;
    if (next === buffer.length) return undecided;
    if (buffer.startsWith(XTML_SEP, next))
      return { kind: "tag", name, attributes: attributes ?? NO_ATTRIBUTES, end: next + XTML_SEP.length };
    if (buffer.length - next < XTML_SEP.length && XTML_SEP.startsWith(buffer.slice(next))) return undecided;
    // An attribute needs whitespace before it.
    if (next === at) return NO_TAG;
    const keyEnd = nameEndAt(buffer, next, limits.maxNameLength);
    if (keyEnd === -1 || keyEnd === next) return NO_TAG;
    if (keyEnd + 1 >= buffer.length) return undecided;
    if (buffer.charCodeAt(keyEnd) !== EQUALS || buffer.charCodeAt(keyEnd + 1) !== DOUBLE_QUOTE) return NO_TAG;
    const valueStart = keyEnd + 2;
    const valueEnd = quoteWithin(buffer, valueStart, limits.maxValueLength);
    if (valueEnd === -1) return NO_TAG;
    if (valueEnd === buffer.length) return undecided;
    attributes ??= new Map();
    if (attributes.size >= limits.maxAttributes) return NO_TAG;
    const key = buffer.slice(next, keyEnd);
    // A repeated attribute keeps its first value, as a template never writes one twice.
    if (!attributes.has(key)) attributes.set(key, decodeAttribute(buffer.slice(valueStart, valueEnd)));
    at = valueEnd + 1;
  }
}

/** The template's `escape_attr` undone: `&quot;` first, then `&amp;` (so `&amp;quot;` stays `&quot;`). */
export function decodeAttribute(value: string): string {
  if (value.indexOf("&") === -1) return value;
  return value.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
}

/** The closing quote of a value from `from`: the buffer's length when it may still come, -1 past the limit. */
function quoteWithin(buffer: string, from: number, maxLength: number): number {
  const limit = Math.min(buffer.length, from + maxLength + 1);
  for (let index = from; index < limit; index++) if (buffer.charCodeAt(index) === DOUBLE_QUOTE) return index;
  return from + maxLength + 1 <= buffer.length ? -1 : buffer.length;
}

/** The end of the name at `from` (the buffer's length when it may go on), or -1 when longer than the limit. */
function nameEndAt(buffer: string, from: number, maxLength: number): number {
  let index = from;
  while (index < buffer.length && isNameCode(buffer.charCodeAt(index))) {
    index++;
    if (index - from > maxLength) return -1;
  }
  return index;
}

function skipSpace(buffer: string, from: number, maxLength: number): number {
  let index = from;
  while (index < buffer.length && isJsonWhitespace(buffer.charCodeAt(index))) {
    index++;
    if (index - from > maxLength) return -1;
  }
  return index;
}

function isNameCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || // a-z
    (code >= 65 && code <= 90) || // A-Z
    (code >= 48 && code <= 57) || // 0-9
    code === 95 || // _
    code === 45 || // -
    code === 46 // .
  );
}
