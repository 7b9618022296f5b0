/** The bounds of what the parser holds while it decides (docs/architecture.md I7: bounded hold-back buffers). */
export interface QwenXmlLimits {
  /** Longest NAME in `<function=NAME>` or `<parameter=NAME>`; a longer one is not a tag. */
  readonly maxNameLength: number;
  /** Longest whitespace run held between a tag and what decides it (`<tool_call>` … `<function=`). */
  readonly maxWhitespace: number;
  /** Longest drift after `</parameter` before its `>` or newline (`</parameter_function>`, t046). */
  readonly maxCloseTagDrift: number;
  /**
   * How much of the value of a parameter the schema does not name is read ahead to tell a made-up key from
   * quoted markup; past it, a key (with a warning).
   */
  readonly maxMadeUpLookahead: number;
}

export const DEFAULT_QWEN_XML_LIMITS: QwenXmlLimits = {
  maxNameLength: 256,
  maxWhitespace: 64,
  maxCloseTagDrift: 32,
  maxMadeUpLookahead: 4096,
};

export function resolveQwenXmlLimits(options: Partial<QwenXmlLimits> = {}): QwenXmlLimits {
  return {
    maxNameLength: options.maxNameLength ?? DEFAULT_QWEN_XML_LIMITS.maxNameLength,
    maxWhitespace: options.maxWhitespace ?? DEFAULT_QWEN_XML_LIMITS.maxWhitespace,
    maxCloseTagDrift: options.maxCloseTagDrift ?? DEFAULT_QWEN_XML_LIMITS.maxCloseTagDrift,
    maxMadeUpLookahead: options.maxMadeUpLookahead ?? DEFAULT_QWEN_XML_LIMITS.maxMadeUpLookahead,
  };
}
