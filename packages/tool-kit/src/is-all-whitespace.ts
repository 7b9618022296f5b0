import { isJsonWhitespace } from "@sluice/core";

/** Whether every character of `text` is JSON whitespace (space, tab, newline, carriage return). */
export function isAllWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (!isJsonWhitespace(text.charCodeAt(index))) return false;
  }
  return true;
}
