/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface Glm45Limits {
  /** Longest NAME after `<tool_call>` or key in `<arg_key>K</arg_key>`; a longer one is not markup. */
  readonly maxNameLength: number;
  /** Longest whitespace run held between a tag and what decides it (`NAME` … `<arg_key>`). */
  readonly maxWhitespace: number;
  /**
   * How much of the value of a key the schema does not name is read ahead to tell a made-up key from quoted
   * markup; past it, a key (with a warning).
   */
  readonly maxMadeUpLookahead: number;
}

export const DEFAULT_GLM45_LIMITS: Glm45Limits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxMadeUpLookahead: 4096,
};

export function resolveGlm45Limits(options: Partial<Glm45Limits> = {}): Glm45Limits {
  return {
    maxNameLength: options.maxNameLength ?? DEFAULT_GLM45_LIMITS.maxNameLength,
    maxWhitespace: options.maxWhitespace ?? DEFAULT_GLM45_LIMITS.maxWhitespace,
    maxMadeUpLookahead: options.maxMadeUpLookahead ?? DEFAULT_GLM45_LIMITS.maxMadeUpLookahead,
  };
}
