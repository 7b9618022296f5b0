/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface DsmlLimits {
  /** Longest attribute value (`name="…"` of an invoke or a parameter); a longer one is not a tag. */
  readonly maxNameLength: number;
  /** Longest whitespace run held inside a tag, or between a tag and what decides it. */
  readonly maxWhitespace: number;
  /**
   * How much of the value of a parameter the schema does not name is read ahead to tell a made-up key from
   * quoted markup; past it, a key (with a warning).
   */
  readonly maxMadeUpLookahead: number;
}

export const DEFAULT_DSML_LIMITS: DsmlLimits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxMadeUpLookahead: 4096,
};

export function resolveDsmlLimits(options: Partial<DsmlLimits> = {}): DsmlLimits {
  return {
    maxNameLength: options.maxNameLength ?? DEFAULT_DSML_LIMITS.maxNameLength,
    maxWhitespace: options.maxWhitespace ?? DEFAULT_DSML_LIMITS.maxWhitespace,
    maxMadeUpLookahead: options.maxMadeUpLookahead ?? DEFAULT_DSML_LIMITS.maxMadeUpLookahead,
  };
}
