/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface MinimaxM2Limits {
  /** Longest name in `<invoke name="N">` or `<parameter name="K">`; a longer one is not a tag. */
  readonly maxNameLength: number;
  /** Longest whitespace run held between a tag and what decides it (`<minimax:tool_call>` … `<invoke`). */
  readonly maxWhitespace: number;
  /**
   * How much of the value of a parameter the schema does not name is read ahead to tell a made-up key from
   * quoted markup; past it, a key (with a warning).
   */
  readonly maxMadeUpLookahead: number;
}

export const DEFAULT_MINIMAX_M2_LIMITS: MinimaxM2Limits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxMadeUpLookahead: 4096,
};
