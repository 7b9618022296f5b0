import type { Follower } from "@sluice/tool-kit";
import { dsmlFollowers, type FollowRule, TRAILING } from "./dsml-followers";
import type { DsmlLimits } from "./dsml-limits";
import { BLOCK_WORDS, INVOKE_WORD, PARAMETER_WORD } from "./dsml-markers";

/** What makes each closing candidate met inside a value structural (decideValueTag). */
export interface ValueFollowers {
  /** After an end-of-sentence marker, in a value or not: nothing but whitespace, to the end of the stream. */
  readonly trailing: readonly Follower[];
  /** After `</｜DSML｜parameter>`. */
  readonly parameterClose: readonly Follower[];
  /** After `</｜DSML｜invoke>` with no `</｜DSML｜parameter>`. */
  readonly invokeClose: readonly Follower[];
  /** After the block's close with neither. */
  readonly blockClose: readonly Follower[];
}

// `</｜DSML｜invoke>` with no `</｜DSML｜parameter>`: only before the next invoke, the block's close or the end.
const INVOKE_CLOSE: FollowRule = {
  accepts: (next) => (next.closing ? BLOCK_WORDS.includes(next.word) : next.word === INVOKE_WORD),
  endOfSentence: true,
};
// The block's close with neither: only before another block, a bare invoke or the end.
const BLOCK_CLOSE: FollowRule = {
  accepts: (next) => !next.closing && next.word !== PARAMETER_WORD,
  endOfSentence: true,
};

/**
 * The followers of a parser's values, built once per parser. `isNewParameter`: whether `name` is not yet
 * given in the open call — after a `</｜DSML｜parameter>`, any such opener is a boundary.
 */
export function valueFollowers(
  limits: DsmlLimits,
  isNewParameter: (name: string) => boolean,
): ValueFollowers {
  // `</｜DSML｜parameter>`: before an invoke, the invoke's or the block's close, a new parameter, or the end.
  const parameterClose: FollowRule = {
    accepts: (next) => {
      if (next.closing) return next.word === INVOKE_WORD || BLOCK_WORDS.includes(next.word);
      if (next.word === INVOKE_WORD) return true;
      const name = next.attributes.get("name") ?? "";
      return next.word === PARAMETER_WORD && name.length > 0 && isNewParameter(name);
    },
    endOfSentence: true,
  };
  return {
    trailing: dsmlFollowers(TRAILING, limits),
    parameterClose: dsmlFollowers(parameterClose, limits),
    invokeClose: dsmlFollowers(INVOKE_CLOSE, limits),
    blockClose: dsmlFollowers(BLOCK_CLOSE, limits),
  };
}
