export type NameMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "invalid" }
  /** `end` is just after the terminator. */
  | { readonly kind: "name"; readonly name: string; readonly end: number };

const HOLD_NAME: NameMatch = { kind: "hold" };
const INVALID_NAME: NameMatch = { kind: "invalid" };

export interface NameRules {
  /** What ends the name (`>`, `"`, `<|tool_call_argument_begin|>` …). */
  readonly terminator: string;
  readonly maxLength: number;
  /** A character that cannot be in the name (whitespace, `<` …): the candidate is not a tag. */
  readonly forbidden?: (code: number) => boolean;
}

/**
 * Reads a name from `from` up to `rules.terminator` (a function name, a parameter name, an attribute
 * value). Non-empty, at most `maxLength` characters, no forbidden character; undecided (the buffer ends
 * first) → hold, or invalid when `final`. Linear: each character is looked at once per call, and a
 * caller holds at most `maxLength` plus the terminator.
 */
export function readName(buffer: string, from: number, final: boolean, rules: NameRules): NameMatch {
  const { terminator, maxLength, forbidden } = rules;
  const first = terminator.charCodeAt(0);
  const limit = Math.min(buffer.length, from + maxLength + terminator.length);
  for (let index = from; index < limit; index++) {
    const code = buffer.charCodeAt(index);
    if (code === first) {
      const rest = buffer.length - index;
      // Maybe the terminator, cut by the chunk: decide when the rest arrives.
      if (rest < terminator.length && terminator.startsWith(buffer.slice(index)))
        return final ? INVALID_NAME : HOLD_NAME;
      if (buffer.startsWith(terminator, index)) {
        return index === from || index - from > maxLength
          ? INVALID_NAME
          : { kind: "name", name: buffer.slice(from, index), end: index + terminator.length };
      }
    }
    if (index - from >= maxLength) return INVALID_NAME;
    if (forbidden?.(code) === true) return INVALID_NAME;
  }
  if (from + maxLength + terminator.length <= buffer.length) return INVALID_NAME;
  return final ? INVALID_NAME : HOLD_NAME;
}
