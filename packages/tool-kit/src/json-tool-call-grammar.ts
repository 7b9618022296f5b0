/** What a call's header (from its opener to the `{` of its arguments) turned out to be. */
export type CallHeaderMatch =
  /** The text ends before it is known (never when `final`). */
  | { readonly kind: "hold" }
  /** Not a call header: the opener is text. */
  | { readonly kind: "invalid" }
  /**
   * A call of `name`; `argumentsStart` is the index of the `{` that opens its arguments. `closingFence`: text
   * the format writes between the object and the call's closer (DeepSeek V3's ```), if it wrote the opening one.
   */
  | {
      readonly kind: "call";
      readonly name: string;
      readonly argumentsStart: number;
      readonly closingFence?: string;
    };

/**
 * A tool-call format whose arguments are a JSON object between markers (docs/dialects.md §3: Kimi K2,
 * DeepSeek V3/V3.1): `SECTION_OPENER (CALL_OPENER header {json} CALL_CLOSER)* SECTION_CLOSER`.
 */
export interface JsonToolCallGrammar {
  /** The dialect id its warning codes start with (`kimi_k2.repaired_arguments`). */
  readonly dialect: string;
  /** Markers that open a section of calls; explicit, so accepted while reasoning is open. */
  readonly sectionOpeners: readonly string[];
  readonly sectionClosers: readonly string[];
  /** Opens one call; without a section before it, accepted only in content. */
  readonly callOpener: string;
  readonly callCloser: string;
  /** Markers dropped when nothing but whitespace follows them to the end (`<｜end▁of▁sentence｜>`). */
  readonly trailingMarkers: readonly string[];
  /**
   * Reads the header from `from` (just after the call opener) up to the `{` of the arguments: the name,
   * whitespace around markers tolerated. Bounded: it must answer `invalid` rather than hold past its limits.
   */
  readonly readHeader: (buffer: string, from: number, final: boolean) => CallHeaderMatch;
}
