import { decideMadeUpKey, type MadeUpKeyTags } from "./decide-made-up-key";
import { type Follow, type Follower, matchFollow } from "./match-follow";
import { skipWhitespace } from "./skip-whitespace";
import type { TagCallGrammar } from "./tag-call-grammar";

/** Literal tags opened inside the current value and not yet closed (qwen_xml's t026, t028), one count per tag. */
export interface LiteralDepths {
  /** Value openers: the parameter tag, or the value tag when the format has one. */
  parameter: number;
  call: number;
  block: number;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text: append the marker, resume right after it. */
  | { readonly kind: "literal" }
  /**
   * The value's close (or a drifted form) `buffer[index..end)` closes the value. `undecided`: the parameter after it
   * is one the schema does not name, and its value did not show within the bound whether it is a key.
   */
  | {
      readonly kind: "close-parameter";
      readonly end: number;
      readonly drifted: boolean;
      readonly undecided: string | undefined;
    }
  /** No value close: the structural parameter tag naming `name`, ending at `end`, closes the value and starts the next. */
  | { readonly kind: "next-parameter"; readonly name: string; readonly end: number }
  /** No value close: the marker (the call's or the block's close) closes the value and the call. */
  | { readonly kind: "end-call" };

/** What the decision asks of the open call (TaggedCallWriter has them). */
export interface OpenParameters {
  /** Whether a parameter tag naming `name` may start the next parameter with no close before it (in the schema, new). */
  readonly isStructural: (name: string) => boolean;
  /** Whether `name` is not yet given: after a real close, such a parameter tag is a boundary. */
  readonly isNewParameter: (name: string) => boolean;
  /** Whether `name` is not yet given and the schema, which names other parameters, does not name it. */
  readonly isMadeUp: (name: string) => boolean;
}

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's source so far ends a line. */
  readonly atLineStart: boolean;
  readonly followers: ValueTagFollowers;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const END_CALL: ValueTagDecision = { kind: "end-call" };

/**
 * What follows each close met in a value, for one parser's open call: built once, since matchFollow runs on
 * every closing candidate. `undecided` is set while a decision runs (the look-ahead passed its bound).
 */
export class ValueTagFollowers {
  readonly afterValueClose: readonly Follower[];
  undecided: string | undefined;

  constructor(
    readonly grammar: TagCallGrammar,
    readonly call: OpenParameters,
  ) {
    // A value's close closes before a new parameter: one the schema names, or one it does not whose own value
    // closes cleanly (a made-up key); a made-up one whose value holds a close that closes nothing structural
    // was markup quoted in this value (decideMadeUpKey, bounded by maxMadeUpLookahead).
    this.afterValueClose = [
      ...grammar.valueCloseFollowers,
      {
        marker: grammar.parameterTag,
        decide: (buffer, at, final): Follow => {
          const name = grammar.readParameterName(buffer, at + grammar.parameterTag.length, final);
          if (name.kind === "hold") return "hold";
          if (name.kind !== "name" || !call.isNewParameter(name.name)) return "literal";
          if (!call.isMadeUp(name.name)) return "close";
          const start = this.madeUpValueStart(buffer, name.end, final);
          if (start === "hold") return "hold";
          // No value after the name: not a quotation of one, so a key (as without the look-ahead).
          if (start === "none") return "close";
          const made = decideMadeUpKey(buffer, start, final, this.madeUpKeyTags(name.name));
          if (made === "undecided") this.undecided = name.name;
          return made === "hold" ? "hold" : made === "quoted" ? "literal" : "close";
        },
      },
    ];
  }

  /** Where a made-up parameter's value starts: after its tag, or after the value tag that follows it. */
  private madeUpValueStart(buffer: string, nameEnd: number, final: boolean): number | "hold" | "none" {
    const { valueTag, maxWhitespace } = this.grammar;
    if (valueTag === undefined) return nameEnd;
    const open = skipWhitespace(buffer, nameEnd, maxWhitespace);
    if (open !== -1 && !final && valueTag.startsWith(buffer.slice(open))) return "hold";
    if (open === -1 || !buffer.startsWith(valueTag, open)) return "none";
    return open + valueTag.length;
  }

  /** The look-ahead's tags: after made-up Q's close, what closes a value, or another new parameter than Q. */
  private madeUpKeyTags(madeUp: string): MadeUpKeyTags {
    const { grammar, call } = this;
    const { parameterTag, readValueClose, valueClose } = grammar;
    return {
      closePrefix: valueClose,
      readClose:
        readValueClose === undefined
          ? (_buffer, index) => index + valueClose.length
          : (buffer, index, final) => {
              const tag = readValueClose(buffer, index, final);
              return tag.kind === "tag" ? tag.end : tag.kind;
            },
      opener: grammar.valueTag ?? parameterTag,
      followers: [
        ...grammar.valueCloseFollowers,
        {
          marker: parameterTag,
          decide: (buffer, at, final): Follow => {
            const name = grammar.readParameterName(buffer, at + parameterTag.length, final);
            if (name.kind === "hold") return "hold";
            return name.kind === "name" && name.name !== madeUp && call.isNewParameter(name.name)
              ? "close"
              : "literal";
          },
        },
      ],
      maxWhitespace: grammar.maxWhitespace,
      maxLookahead: grammar.maxMadeUpLookahead,
    };
  }
}

/**
 * Decides a marker met inside a value (docs/dialects.md §2: closing is structural). Values often contain markup
 * (a model writing a file of tool-call fixtures), so a closing tag closes only in context — by what follows it —
 * and literal openers nest, so that their own closing tags stay literal. A parameter tag starting a line, for a
 * parameter of the schema, closes a value that had no close (formats without a value tag). Updates
 * `context.depths` for literal tags; `hold` when the decision needs text that has not arrived.
 */
export function decideValueTag(
  marker: string,
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths, followers } = context;
  const { grammar } = followers;
  const after = index + marker.length;
  switch (marker) {
    case grammar.blockOpen:
      depths.block++;
      return LITERAL;
    case grammar.callOpen:
      depths.call++;
      return LITERAL;
    case grammar.valueTag ?? grammar.parameterTag: {
      // A missing value close: a structural parameter tag starting a line closes the value.
      if (
        grammar.valueTag === undefined &&
        depths.parameter === 0 &&
        depths.call === 0 &&
        context.atLineStart
      ) {
        const name = grammar.readParameterName(buffer, after, final);
        if (name.kind === "hold") return HOLD_TAG;
        if (name.kind === "name" && followers.call.isStructural(name.name)) {
          return { kind: "next-parameter", name: name.name, end: name.end };
        }
      }
      depths.parameter++;
      return LITERAL;
    }
    case grammar.callClose:
      if (depths.call > 0) {
        depths.call--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, grammar.maxWhitespace, grammar.callCloseFollowers),
        END_CALL,
      );
    case grammar.blockClose:
      if (depths.block > 0) {
        depths.block--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, grammar.maxWhitespace, grammar.blockCloseFollowers),
        END_CALL,
      );
    default:
      return decideValueClose(buffer, index, final, context);
  }
}

/** The value's close (or a drifted form) at `buffer[index]`. */
function decideValueClose(
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths, followers } = context;
  const { grammar } = followers;
  const tag =
    grammar.readValueClose === undefined
      ? { kind: "tag" as const, end: index + grammar.valueClose.length, exact: true }
      : grammar.readValueClose(buffer, index, final);
  if (tag.kind === "hold") return HOLD_TAG;
  if (tag.kind === "none") return LITERAL;
  if (depths.parameter > 0) {
    // The close of a literal opener nested in the value (t026); a drifted one stays plain text.
    if (tag.exact) depths.parameter--;
    return LITERAL;
  }
  followers.undecided = undefined;
  const follow = matchFollow(buffer, tag.end, final, grammar.maxWhitespace, followers.afterValueClose);
  return followDecision(follow, {
    kind: "close-parameter",
    end: tag.end,
    drifted: !tag.exact,
    undecided: followers.undecided,
  });
}

function followDecision(follow: Follow, close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
