/**
 * A short, single-line excerpt of client text for the demo to quote. Angle brackets are dropped: a quoted
 * `</think>` or `<tool_call>` would be read as real markup by the very parsers the demo is showing off.
 */
export function quoteExcerpt(text: string, maxWords: number): string {
  const words = text.replace(/[<>]/g, " ").split(/\s+/).filter(Boolean);
  const excerpt = words.slice(0, maxWords).join(" ");
  return words.length > maxWords ? `${excerpt}…` : excerpt;
}
