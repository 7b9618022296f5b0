/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface Gemma4Limits {
  /** Longest function name or key; a longer one is not a name (the opener is text, the key stray text). */
  readonly maxNameLength: number;
  /** Longest whitespace run held after an opener, after a call's `}` or after a trailing `<turn|>`. */
  readonly maxWhitespace: number;
  /**
   * Longest bare value held while it is undecided: a word that is no literal may be a string whose opening
   * `<|"|>` the model left out (`query:Paris, France<|"|>`), which only its closing delimiter tells.
   */
  readonly maxBareLength: number;
  /** Deepest nesting of objects and arrays in one call (core's MAX_JSON_DEPTH). */
  readonly maxDepth: number;
}

export const DEFAULT_GEMMA4_LIMITS: Gemma4Limits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxBareLength: 4096,
  maxDepth: 256,
};
