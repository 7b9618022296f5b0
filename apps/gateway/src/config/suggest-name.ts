import { distance } from "fastest-levenshtein";

/** How a name is compared: case, and `-`, `_`, `.` and spaces, do not tell names apart (`Qwen3.5`, `qwen35`). */
const loose = (name: string): string => name.toLowerCase().replace(/[-_. ]/g, "");
const wordsOf = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[-_. ]+/)
    .filter(Boolean);

/**
 * The option a mistyped name most likely means, for a "did you mean" (undefined: none is near). In order:
 * the same name written another way (`Qwen3.5`, `qwen35`); a few letters off (at most a third of the name,
 * at least one: `qwen4` → `qwen3`, `base_ur1` → `base_url`); one inside the other (`alias` → `aliases`); or
 * the words of one among the other's (vLLM's `tool_call_parser` → `tool_parser`, `max_tokens` →
 * `max_output_tokens`). Among several, the fewest edits away.
 */
export function suggestName(written: string, options: readonly string[]): string | undefined {
  const candidates = options.filter((option) => option !== written);
  const nearest = (matching: (option: string) => boolean): string | undefined =>
    candidates
      .filter(matching)
      .map((option) => ({ option, edits: distance(written.toLowerCase(), option.toLowerCase()) }))
      .sort((a, b) => a.edits - b.edits)[0]?.option;
  const writtenWords = wordsOf(written);
  const within = (inner: readonly string[], outer: readonly string[]) =>
    inner.length > 0 && inner.every((word) => outer.includes(word));
  return (
    nearest((option) => loose(option) === loose(written)) ??
    nearest(
      (option) =>
        distance(written.toLowerCase(), option.toLowerCase()) <= Math.max(1, Math.floor(written.length / 3)),
    ) ??
    nearest(
      (option) =>
        Math.min(written.length, option.length) >= 3 &&
        (loose(option).includes(loose(written)) || loose(written).includes(loose(option))),
    ) ??
    nearest((option) => {
      const optionWords = wordsOf(option);
      return (
        Math.min(writtenWords.length, optionWords.length) >= 2 &&
        (within(optionWords, writtenWords) || within(writtenWords, optionWords))
      );
    })
  );
}
