import { type Follower, matchFollow } from "@sluice/tool-kit";
import type { DsmlLimits } from "./dsml-limits";
import { END_OF_SENTENCE, INVOKE_WORD, PARAMETER_WORD } from "./dsml-markers";
import { readDsmlTag } from "./read-dsml-tag";
import type { ValueFollowers } from "./value-followers";

/** Literal DSML openers inside the current value not yet closed, one count per word (qwen_xml's t026, t028). */
export interface LiteralDepths {
  parameter: number;
  invoke: number;
  block: number;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text up to `end`. */
  | { readonly kind: "literal"; readonly end: number }
  /** `</｜DSML｜parameter>` (ending at `end`) closes the value. */
  | { readonly kind: "close-parameter"; readonly end: number }
  /** No `</｜DSML｜parameter>`: the tag at the marker ends the value, and the call reads it (a warning). */
  | { readonly kind: "close-unclosed" }
  /** A trailing end-of-sentence marker: the model stopped inside the value. */
  | { readonly kind: "end-of-sentence" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's text so far ends a line. */
  readonly atLineStart: boolean;
  /** Whether a parameter opener named `name` may start the call's next parameter without a close before it. */
  readonly isStructural: (name: string) => boolean;
  /** What makes each closing candidate structural (built once per parser: valueFollowers). */
  readonly followers: ValueFollowers;
  readonly limits: DsmlLimits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const CLOSE_UNCLOSED: ValueTagDecision = { kind: "close-unclosed" };

/**
 * Decides a marker met inside a value (docs/dialects.md §2, "Closing is structural", the qwen_xml rule in DSML
 * tags): a value may hold DSML markup (a model writing about tool calls), so a closing tag closes only by
 * what follows it, and literal openers nest so that their own closing tags stay literal. An end-of-sentence
 * marker ends the value only when nothing but whitespace follows it (research §1.1: a trailing EOS is
 * dropped). Updates `context.depths`; `hold` when the decision needs text that has not arrived.
 */
export function decideValueTag(
  marker: string,
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths, followers, limits } = context;
  if (marker === END_OF_SENTENCE) {
    const follow = matchFollow(
      buffer,
      index + marker.length,
      final,
      limits.maxWhitespace,
      followers.trailing,
    );
    if (follow === "hold") return HOLD_TAG;
    return follow === "close" ? { kind: "end-of-sentence" } : { kind: "literal", end: index + marker.length };
  }
  const match = readDsmlTag(buffer, index, final, limits);
  if (match.kind === "hold") return HOLD_TAG;
  if (match.kind === "none") return { kind: "literal", end: index + marker.length };
  const { tag } = match;
  const literal: ValueTagDecision = { kind: "literal", end: tag.end };
  if (!tag.closing) {
    if (tag.word === PARAMETER_WORD) {
      // A missing `</｜DSML｜parameter>`: the next structural parameter, on its own line, closes the value.
      const name = tag.attributes.get("name") ?? "";
      const nested = depths.parameter + depths.invoke + depths.block > 0;
      if (!nested && context.atLineStart && name.length > 0 && context.isStructural(name))
        return CLOSE_UNCLOSED;
      depths.parameter++;
    } else if (tag.word === INVOKE_WORD) depths.invoke++;
    else depths.block++;
    return literal;
  }
  let closeFollowers: readonly Follower[];
  let close: ValueTagDecision;
  if (tag.word === PARAMETER_WORD) {
    if (depths.parameter > 0) {
      depths.parameter--;
      return literal;
    }
    closeFollowers = followers.parameterClose;
    close = { kind: "close-parameter", end: tag.end };
  } else if (tag.word === INVOKE_WORD) {
    if (depths.invoke > 0) {
      depths.invoke--;
      return literal;
    }
    closeFollowers = followers.invokeClose;
    close = CLOSE_UNCLOSED;
  } else {
    if (depths.block > 0) {
      depths.block--;
      return literal;
    }
    closeFollowers = followers.blockClose;
    close = CLOSE_UNCLOSED;
  }
  const follow = matchFollow(buffer, tag.end, final, limits.maxWhitespace, closeFollowers);
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : literal;
}
