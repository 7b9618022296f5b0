import { isJsonWhitespace } from "@sluice/core";

/**
 * The index of the first non-whitespace character of `text` at or after `from` (`text.length` when the text
 * ends first), or -1 when more than `maxLength` whitespace characters come first: a bounded hold.
 */
export function skipWhitespace(text: string, from: number, maxLength: number): number {
  let index = from;
  while (index < text.length && isJsonWhitespace(text.charCodeAt(index))) {
    index++;
    if (index - from > maxLength) return -1;
  }
  return index;
}
