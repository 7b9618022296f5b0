import {
  decideMadeUpKey,
  type Follow,
  type Follower,
  type MadeUpKeyTags,
  matchFollow,
} from "@sluice/tool-kit";
import type { MinimaxM2Limits } from "./minimax-m2-limits";
import {
  BLOCK_CLOSE,
  BLOCK_OPEN,
  INVOKE_CLOSE,
  INVOKE_OPEN,
  PARAMETER_CLOSE,
  PARAMETER_OPEN,
} from "./minimax-m2-markers";
import { readAttributeName } from "./read-attribute-name";

/** Literal tags opened inside the current value and not yet closed, one count per tag. */
export interface LiteralDepths {
  parameter: number;
  invoke: number;
  block: number;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text: append the marker, resume right after it. */
  | { readonly kind: "literal" }
  /**
   * `</parameter>` closes the value. `undecided`: the tag after it names a parameter the schema does not, and
   * its value did not show within the bound whether it is a key.
   */
  | { readonly kind: "close-parameter"; readonly undecided: string | undefined }
  /** No `</parameter>`: the structural `<parameter name=K>` ending at `end` closes the value and starts the next. */
  | { readonly kind: "next-parameter"; readonly name: string; readonly end: number }
  /** No `</parameter>`: the marker (`</invoke>` or `</minimax:tool_call>`) closes the value and the call. */
  | { readonly kind: "end-call" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's source so far ends a line. */
  readonly atLineStart: boolean;
  /** Whether `<parameter name=K>` names a parameter of the call's schema not yet given (closes a value with no `</parameter>`). */
  readonly isStructural: (name: string) => boolean;
  /**
   * Whether K is not yet given in this call: after a `</parameter>`, such a `<parameter name=K>` is a boundary
   * when the schema names it, or when it is made up and its own value closes cleanly.
   */
  readonly isNewParameter: (name: string) => boolean;
  /** Whether K is not yet given and the schema, which names other parameters, does not name it. */
  readonly isMadeUp: (name: string) => boolean;
  readonly limits: MinimaxM2Limits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const END_CALL: ValueTagDecision = { kind: "end-call" };
// `</parameter>` closes before a new `<parameter name=`, `</invoke>`, `</minimax:tool_call>` or the end; not
// before `<invoke name=`, so a value quoting MiniMax output keeps `</parameter><invoke …` literal. A new
// parameter the schema does not name counts only when its own value closes cleanly (decideMadeUpKey): else
// it was MiniMax markup quoted in this value.
function parameterCloseFollowers(
  context: ValueTagContext,
  onUndecided: (name: string) => void,
): readonly Follower[] {
  const { limits, isNewParameter, isMadeUp } = context;
  return [
    { marker: INVOKE_CLOSE },
    { marker: BLOCK_CLOSE },
    {
      marker: PARAMETER_OPEN,
      decide: (buffer, at, final): Follow => {
        const name = readAttributeName(
          buffer,
          at + PARAMETER_OPEN.length,
          final,
          limits.maxNameLength,
          "parameter",
        );
        if (name.kind === "hold") return "hold";
        if (name.kind !== "name" || !isNewParameter(name.name)) return "literal";
        if (!isMadeUp(name.name)) return "close";
        const made = decideMadeUpKey(buffer, name.end, final, madeUpKeyTags(context, name.name));
        if (made === "undecided") onUndecided(name.name);
        return made === "hold" ? "hold" : made === "quoted" ? "literal" : "close";
      },
    },
  ];
}

/** MiniMax's tags for the look-ahead: after made-up K's close, `</invoke>`, the block's close or another new parameter. */
function madeUpKeyTags(context: ValueTagContext, madeUp: string): MadeUpKeyTags {
  const { limits, isNewParameter } = context;
  return {
    closePrefix: PARAMETER_CLOSE,
    readClose: (_buffer, index) => index + PARAMETER_CLOSE.length,
    opener: PARAMETER_OPEN,
    followers: [
      { marker: INVOKE_CLOSE },
      { marker: BLOCK_CLOSE },
      {
        marker: PARAMETER_OPEN,
        decide: (buffer, at, final): Follow => {
          const name = readAttributeName(
            buffer,
            at + PARAMETER_OPEN.length,
            final,
            limits.maxNameLength,
            "parameter",
          );
          if (name.kind === "hold") return "hold";
          return name.kind === "name" && name.name !== madeUp && isNewParameter(name.name)
            ? "close"
            : "literal";
        },
      },
    ],
    maxWhitespace: limits.maxWhitespace,
    maxLookahead: limits.maxMadeUpLookahead,
  };
}
// `</invoke>` with no `</parameter>` before it closes only before `</minimax:tool_call>`, the next invoke or the end.
const INVOKE_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: BLOCK_CLOSE }, { marker: INVOKE_OPEN }];
// `</minimax:tool_call>` with neither `</parameter>` nor `</invoke>` closes only before a new block or the end.
const BLOCK_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: BLOCK_OPEN }];

/**
 * Decides a marker met inside a value (docs/dialects.md §2, "Closing is structural", the qwen_xml rules in
 * MiniMax's tags). Values often contain markup (a model writing a file of MiniMax tool calls, d122), so a
 * closing tag closes only in context — by what follows it — and literal openers nest, so that their own
 * closing tags stay literal. Updates `context.depths` for literal tags; `hold` when the decision needs
 * text that has not arrived.
 */
export function decideValueTag(
  marker: string,
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths, limits } = context;
  const after = index + marker.length;
  switch (marker) {
    case BLOCK_OPEN:
      depths.block++;
      return LITERAL;
    case INVOKE_OPEN:
      depths.invoke++;
      return LITERAL;
    case PARAMETER_OPEN: {
      // A missing `</parameter>`: a structural `<parameter name=K>` starting a line closes the value.
      if (depths.parameter === 0 && depths.invoke === 0 && context.atLineStart) {
        const name = readAttributeName(buffer, after, final, limits.maxNameLength, "parameter");
        if (name.kind === "hold") return HOLD_TAG;
        if (name.kind === "name" && context.isStructural(name.name)) {
          return { kind: "next-parameter", name: name.name, end: name.end };
        }
      }
      depths.parameter++;
      return LITERAL;
    }
    case INVOKE_CLOSE:
      if (depths.invoke > 0) {
        depths.invoke--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, limits.maxWhitespace, INVOKE_CLOSE_FOLLOWERS),
        END_CALL,
      );
    case BLOCK_CLOSE:
      if (depths.block > 0) {
        depths.block--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, limits.maxWhitespace, BLOCK_CLOSE_FOLLOWERS),
        END_CALL,
      );
    default:
      // PARAMETER_CLOSE: the close of a literal `<parameter name=…>` nested in the value stays literal.
      if (depths.parameter > 0) {
        depths.parameter--;
        return LITERAL;
      }
      return decideParameterClose(buffer, after, final, context);
  }
}

/** A `</parameter>` at depth 0, by what follows it (`after`: just past the tag). */
function decideParameterClose(
  buffer: string,
  after: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  let undecided: string | undefined;
  const followers = parameterCloseFollowers(context, (name) => {
    undecided = name;
  });
  return followDecision(matchFollow(buffer, after, final, context.limits.maxWhitespace, followers), {
    kind: "close-parameter",
    undecided,
  });
}

function followDecision(follow: Follow, close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
