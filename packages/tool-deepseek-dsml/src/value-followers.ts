import { decideMadeUpKey, type Follow, type Follower, type MadeUpKeyTags } from "@sluice/tool-kit";
import { dsmlFollowers, type FollowRule, TRAILING } from "./dsml-followers";
import type { DsmlLimits } from "./dsml-limits";
import { BLOCK_WORDS, CLOSE_PREFIX, INVOKE_WORD, PARAMETER_WORD } from "./dsml-markers";
import { type DsmlTag, readDsmlTag } from "./read-dsml-tag";

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

/** What the followers ask of the open call. */
export interface OpenCall {
  /** Whether `name` is not yet given: after a `</｜DSML｜parameter>`, such an opener is a boundary… */
  readonly isNewParameter: (name: string) => boolean;
  /** …at once when the schema names it; when it is made up, only if its own value closes cleanly. */
  readonly isMadeUp: (name: string) => boolean;
  /** Past the look-ahead bound, the made-up parameter is taken as a key: the parser warns. */
  readonly onUndecided: (name: string) => void;
}

// `</｜DSML｜parameter>`: before an invoke, the invoke's or the block's close, a new parameter, or the end.
function parameterCloseRule(isNew: (name: string) => boolean): FollowRule {
  return {
    accepts: (next) => {
      if (next.closing) return next.word === INVOKE_WORD || BLOCK_WORDS.includes(next.word);
      if (next.word === INVOKE_WORD) return true;
      const name = next.attributes.get("name") ?? "";
      return next.word === PARAMETER_WORD && name.length > 0 && isNew(name);
    },
    endOfSentence: true,
  };
}

/** A parameter opener the schema does not name: a made-up key or DSML quoted in the value (decideMadeUpKey). */
function confirmMadeUp(limits: DsmlLimits, call: OpenCall) {
  return (tag: DsmlTag, buffer: string, final: boolean): Follow => {
    const name = tag.attributes.get("name") ?? "";
    if (tag.closing || tag.word !== PARAMETER_WORD || !call.isMadeUp(name)) return "close";
    const tags: MadeUpKeyTags = {
      closePrefix: CLOSE_PREFIX,
      readClose: (text, index, end) => {
        const match = readDsmlTag(text, index, end, limits);
        if (match.kind === "hold") return "hold";
        return match.kind === "tag" && match.tag.closing && match.tag.word === PARAMETER_WORD
          ? match.tag.end
          : "none";
      },
      followers: dsmlFollowers(
        parameterCloseRule((other) => other !== name && call.isNewParameter(other)),
        limits,
      ),
      maxWhitespace: limits.maxWhitespace,
      maxLookahead: limits.maxMadeUpLookahead,
    };
    const made = decideMadeUpKey(buffer, tag.end, final, tags);
    if (made === "undecided") call.onUndecided(name);
    return made === "hold" ? "hold" : made === "quoted" ? "literal" : "close";
  };
}

/** The followers of a parser's values, built once per parser, for its open call. */
export function valueFollowers(limits: DsmlLimits, call: OpenCall): ValueFollowers {
  const parameterClose: FollowRule = {
    ...parameterCloseRule(call.isNewParameter),
    confirm: confirmMadeUp(limits, call),
  };
  return {
    trailing: dsmlFollowers(TRAILING, limits),
    parameterClose: dsmlFollowers(parameterClose, limits),
    invokeClose: dsmlFollowers(INVOKE_CLOSE, limits),
    blockClose: dsmlFollowers(BLOCK_CLOSE, limits),
  };
}
