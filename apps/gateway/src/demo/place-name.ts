/** "in Paris", "for New York", "at Lyon": a capitalised name after a preposition, up to three words. */
const PLACE = /\b(?:in|at|for|near|from|to)\s+([A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2})\b/;

/** The place a request names ("What is the weather in Paris?" → Paris), for a tool's `city` or `location`. */
export function placeName(text: string): string | undefined {
  return PLACE.exec(text)?.[1];
}
