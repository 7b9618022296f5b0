/** The bounds of what an XTML tag reader holds while it decides (docs/architecture.md I7: bounded hold-back). */
export interface XtmlLimits {
  /** Longest tag or attribute name; a longer one is no tag, and its marker is text. */
  readonly maxNameLength: number;
  /** Longest attribute value (a tool name, an argument key, an index). */
  readonly maxValueLength: number;
  /** Most attributes on one tag. */
  readonly maxAttributes: number;
  /** Longest whitespace run held inside a tag, or between two tags. */
  readonly maxWhitespace: number;
}

export const DEFAULT_XTML_LIMITS: XtmlLimits = {
  maxNameLength: 64,
  maxValueLength: 1024,
  maxAttributes: 8,
  maxWhitespace: 64,
};
