import { isJsonWhitespace } from "@sluice/core";

/**
 * Where the whitespace run starting at `from` ends, or -1 when it is longer than `limit` (then what follows
 * cannot be a tag's continuation: the run is the model's text, not a template's separator).
 */
export function skipWhitespace(buffer: string, from: number, limit: number): number {
  let at = from;
  while (at < buffer.length && isJsonWhitespace(buffer.charCodeAt(at))) {
    at++;
    if (at - from > limit) return -1;
  }
  return at;
}
