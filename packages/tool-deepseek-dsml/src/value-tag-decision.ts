import {
  decideValueTag as decideTag,
  type Follower,
  type LiteralDepths,
  matchFollow,
  type NameMatch,
  type ValueTagRole,
  type ValueTagRules,
} from "@sluice/tool-kit";
import type { DsmlLimits } from "./dsml-limits";
import { END_OF_SENTENCE, INVOKE_WORD, PARAMETER_WORD } from "./dsml-markers";
import { type DsmlTag, readDsmlTag } from "./read-dsml-tag";

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text up to `end`. */
  | { readonly kind: "literal"; readonly end: number }
  /**
   * `</｜DSML｜parameter>` (ending at `end`) closes the value. `undecided`: the parameter after it is one the
   * schema does not name, and its value did not show within the bound whether it is a key.
   */
  | { readonly kind: "close-parameter"; readonly end: number; readonly undecided: string | undefined }
  /** No `</｜DSML｜parameter>`: the tag at the marker ends the value, and the call reads it (a warning). */
  | { readonly kind: "close-unclosed" }
  /** A trailing end-of-sentence marker: the model stopped inside the value. */
  | { readonly kind: "end-of-sentence" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's text so far ends a line. */
  readonly atLineStart: boolean;
  /** What makes each closing candidate structural (built once per parser from valueFollowers). */
  readonly rules: ValueTagRules;
  /** After an end-of-sentence marker: nothing but whitespace, to the end of the stream. */
  readonly trailing: readonly Follower[];
  readonly limits: DsmlLimits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const CLOSE_UNCLOSED: ValueTagDecision = { kind: "close-unclosed" };
const NO_NAME: NameMatch = { kind: "invalid" };

/**
 * Decides a marker met inside a value (docs/dialects.md §2, "Closing is structural", the qwen_xml rule in DSML
 * tags): the DSML tag at the marker is read whole and decided by tool-kit's decideValueTag — a value may hold DSML
 * markup (a model writing about tool calls), so a closing tag closes only by what follows it, and literal
 * openers nest so that their own closing tags stay literal. An end-of-sentence marker ends the value only when
 * nothing but whitespace follows it (research §1.1: a trailing EOS is dropped). Updates `context.depths`;
 * `hold` when the decision needs text that has not arrived.
 */
export function decideValueTag(
  marker: string,
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { limits } = context;
  if (marker === END_OF_SENTENCE) {
    const follow = matchFollow(buffer, index + marker.length, final, limits.maxWhitespace, context.trailing);
    if (follow === "hold") return HOLD_TAG;
    return follow === "close" ? { kind: "end-of-sentence" } : { kind: "literal", end: index + marker.length };
  }
  const match = readDsmlTag(buffer, index, final, limits);
  if (match.kind === "hold") return HOLD_TAG;
  if (match.kind === "none") return { kind: "literal", end: index + marker.length };
  const { tag } = match;
  const name = tag.attributes.get("name") ?? "";
  const decision = decideTag(
    {
      role: roleOf(tag),
      end: tag.end,
      name: name.length > 0 ? { kind: "name", name, end: tag.end } : NO_NAME,
    },
    buffer,
    final,
    context,
  );
  switch (decision.kind) {
    case "hold":
      return HOLD_TAG;
    case "literal":
      return { kind: "literal", end: tag.end };
    case "close-parameter":
      return { kind: "close-parameter", end: decision.end, undecided: decision.undecided };
    default:
      // The next structural parameter on its own line, or the invoke's or the block's close.
      return CLOSE_UNCLOSED;
  }
}

function roleOf(tag: DsmlTag): ValueTagRole {
  if (tag.word === PARAMETER_WORD) return tag.closing ? "value-close" : "value-open";
  if (tag.word === INVOKE_WORD) return tag.closing ? "call-close" : "call-open";
  return tag.closing ? "block-close" : "block-open";
}
