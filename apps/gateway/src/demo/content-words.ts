/** Words too common to say anything about which tool fits (Claude Code's descriptions are long). */
const STOP_WORDS = new Set(
  [
    "the and for with this that you your are can use from into not all any will when should must",
    "have has its was what which please",
  ]
    .join(" ")
    .split(" "),
);

/**
 * The words of a text that carry meaning, lower case, camelCase split (`TodoWrite` → todo, write), plural
 * `s` dropped from longer words so "files" meets "file".
 */
export function contentWords(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word))
    .map((word) => (word.length > 4 && word.endsWith("s") ? word.slice(0, -1) : word));
}
