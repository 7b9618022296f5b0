const QUOTE = 34; // "
const BACKSLASH = 92; // \
const OPEN_BRACE = 123; // {
const OPEN_BRACKET = 91; // [
const CLOSE_BRACE = 125; // }
const CLOSE_BRACKET = 93; // ]

/**
 * How deep arrays and objects may nest in JSON the gateway takes from a client or a model. No real request
 * or tool call comes near; a deeper value would overflow the stack of a recursive walk over it
 * (`JSON.stringify` overflows near 4,000 levels; 100k-deep values were sent).
 */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether JSON text nests arrays and objects deeper than `maxDepth`, in one string-aware pass that stops
 * at the first level too many. Check it before `JSON.parse`: the parse itself copes, what walks the
 * value afterwards does not.
 */
export function jsonDepthExceeds(text: string, maxDepth: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}
