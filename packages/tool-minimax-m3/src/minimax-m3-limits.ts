/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface MinimaxM3Limits {
  /** Longest tag name or invoke name; a longer one is not a tag, and the namespace token before it is text. */
  readonly maxNameLength: number;
  /** Longest whitespace run held between the namespace token and its tag, or between two tags. */
  readonly maxWhitespace: number;
  /** Deepest nesting of one value's elements; a deeper element is kept as the text of its parent. */
  readonly maxDepth: number;
}

export const DEFAULT_MINIMAX_M3_LIMITS: MinimaxM3Limits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxDepth: 32,
};
