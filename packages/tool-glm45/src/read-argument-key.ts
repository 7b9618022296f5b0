import { isJsonWhitespace } from "@sluice/core";
import { type NameMatch, readName } from "@sluice/tool-kit";
import { ARGUMENT_KEY_CLOSE } from "./glm45-markers";

const INVALID_KEY: NameMatch = { kind: "invalid" };
const LESS_THAN = 60;

/**
 * Reads K of `<arg_key>K</arg_key>` from `from` through its close tag. K has no `<`, is at most `maxLength`
 * characters, and is trimmed of whitespace around it (smg trims keys); empty → invalid. Undecided (the
 * buffer ends first) → hold, or invalid when `final`.
 */
export function readArgumentKey(buffer: string, from: number, final: boolean, maxLength: number): NameMatch {
  const match = readName(buffer, from, final, {
    terminator: ARGUMENT_KEY_CLOSE,
    maxLength,
    forbidden: isLessThan,
  });
  if (match.kind !== "name") return match;
  const key = trimJsonWhitespace(match.name);
  return key.length === 0 ? INVALID_KEY : { kind: "name", name: key, end: match.end };
}

function isLessThan(code: number): boolean {
  return code === LESS_THAN;
}

function trimJsonWhitespace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isJsonWhitespace(text.charCodeAt(start))) start++;
  while (end > start && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
