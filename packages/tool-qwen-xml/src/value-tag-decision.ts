import {
  decideMadeUpKey,
  type Follow,
  type Follower,
  type MadeUpKeyTags,
  matchFollow,
} from "@sluice/tool-kit";
import { matchParameterClose } from "./parameter-close";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import {
  FUNCTION_CLOSE,
  FUNCTION_OPEN,
  PARAMETER_CLOSE_PREFIX,
  PARAMETER_OPEN,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
} from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";

/** Literal tags opened inside the current value and not yet closed (t026, t028), one count per tag. */
export interface LiteralDepths {
  parameter: number;
  function: number;
  toolCall: number;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text: append the marker, resume right after it. */
  | { readonly kind: "literal" }
  /**
   * `</parameter>` or a drifted form `buffer[index..end)` closes the value. `undecided`: the tag after it names a
   * parameter the schema does not, and its value did not show within the bound whether it is a key.
   */
  | {
      readonly kind: "close-parameter";
      readonly end: number;
      readonly drifted: boolean;
      readonly undecided: string | undefined;
    }
  /** No `</parameter>`: the structural `<parameter=name>` ending at `end` closes the value and starts the next. */
  | { readonly kind: "next-parameter"; readonly name: string; readonly end: number }
  /** No `</parameter>`: the marker (`</function>` or `</tool_call>`) closes the value and the call. */
  | { readonly kind: "end-call" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's source so far ends a line. */
  readonly atLineStart: boolean;
  /**
   * Whether `<parameter=name>` names a parameter of the call's schema not yet given (docs/dialects.md §2): only
   * such a tag closes a value that has no `</parameter>`.
   */
  readonly isStructural: (name: string) => boolean;
  /**
   * Whether `name` is not yet given in this call: after a `</parameter>`, such a `<parameter=name>` is a
   * boundary when the schema names it, or when it is made up and its own value closes cleanly.
   */
  readonly isNewParameter: (name: string) => boolean;
  /** Whether `name` is not yet given and the schema, which names other parameters, does not name it. */
  readonly isMadeUp: (name: string) => boolean;
  readonly limits: QwenXmlLimits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const END_CALL: ValueTagDecision = { kind: "end-call" };
// A `</function>` with no `</parameter>` before it closes only before `</tool_call>`, `<tool_call>` or the end.
const FUNCTION_CLOSE_FOLLOWERS: readonly Follower[] = [
  { marker: TOOL_CALL_CLOSE },
  { marker: TOOL_CALL_OPEN },
];
// A `</tool_call>` with neither `</parameter>` nor `</function>` closes only before `<tool_call>` or the end.
const TOOL_CALL_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: TOOL_CALL_OPEN }];

/**
 * Decides a marker met inside a value (docs/dialects.md §2: closing is structural). Values often contain markup
 * (a model writing a file of tool-call fixtures), so a closing tag closes only in context — by what
 * follows it — and literal openers nest, so that their own closing tags stay literal. Updates
 * `context.depths` for literal tags; `hold` when the decision needs text that has not arrived.
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
    case TOOL_CALL_OPEN:
      depths.toolCall++;
      return LITERAL;
    case FUNCTION_OPEN:
      depths.function++;
      return LITERAL;
    case PARAMETER_OPEN: {
      // A missing `</parameter>`: a structural `<parameter=Q>` starting a line closes the value.
      if (depths.parameter === 0 && depths.function === 0 && context.atLineStart) {
        const name = readTagName(buffer, after, final, limits.maxNameLength, "parameter");
        if (name.kind === "hold") return HOLD_TAG;
        if (name.kind === "name" && context.isStructural(name.name)) {
          return { kind: "next-parameter", name: name.name, end: name.end };
        }
      }
      depths.parameter++;
      return LITERAL;
    }
    case FUNCTION_CLOSE:
      if (depths.function > 0) {
        depths.function--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, limits.maxWhitespace, FUNCTION_CLOSE_FOLLOWERS),
        END_CALL,
      );
    case TOOL_CALL_CLOSE:
      if (depths.toolCall > 0) {
        depths.toolCall--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, after, final, limits.maxWhitespace, TOOL_CALL_CLOSE_FOLLOWERS),
        END_CALL,
      );
    default:
      return decideParameterClose(buffer, index, final, context);
  }
}

function decideParameterClose(
  buffer: string,
  index: number,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const tag = matchParameterClose(buffer, index, final, context.limits.maxCloseTagDrift);
  if (tag.kind === "hold") return HOLD_TAG;
  if (tag.kind === "none") return LITERAL;
  if (context.depths.parameter > 0) {
    // The close of a literal `<parameter=…>` nested in the value (t026); a drifted one stays plain text.
    if (tag.exact) context.depths.parameter--;
    return LITERAL;
  }
  let undecided: string | undefined;
  const follow = matchFollow(
    buffer,
    tag.end,
    final,
    context.limits.maxWhitespace,
    parameterCloseFollowers(context, (name) => {
      undecided = name;
    }),
  );
  return followDecision(follow, { kind: "close-parameter", end: tag.end, drifted: !tag.exact, undecided });
}

/**
 * A `</parameter>` closes when `</function>`, `</tool_call>`, the end, or a `<parameter=Q>` of a new Q follows:
 * one the schema names, or one it does not whose own value closes cleanly (a made-up key); a made-up Q whose
 * value holds a `</parameter>` that closes nothing structural was markup quoted in this value
 * (decideMadeUpKey, bounded by `maxMadeUpLookahead`).
 */
function parameterCloseFollowers(
  context: ValueTagContext,
  onUndecided: (name: string) => void,
): readonly Follower[] {
  const { limits, isNewParameter, isMadeUp } = context;
  return [
    { marker: FUNCTION_CLOSE },
    { marker: TOOL_CALL_CLOSE },
    {
      marker: PARAMETER_OPEN,
      decide: (buffer, at, final): Follow => {
        const name = readTagName(
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

/** Qwen's tags for the look-ahead: after made-up Q's close, `</function>`, `</tool_call>` or another new parameter. */
function madeUpKeyTags(context: ValueTagContext, madeUp: string): MadeUpKeyTags {
  const { limits, isNewParameter } = context;
  return {
    closePrefix: PARAMETER_CLOSE_PREFIX,
    readClose: (buffer, index, final) => {
      const tag = matchParameterClose(buffer, index, final, limits.maxCloseTagDrift);
      return tag.kind === "tag" ? tag.end : tag.kind;
    },
    opener: PARAMETER_OPEN,
    followers: [
      { marker: FUNCTION_CLOSE },
      { marker: TOOL_CALL_CLOSE },
      {
        marker: PARAMETER_OPEN,
        decide: (buffer, at, final): Follow => {
          const name = readTagName(
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

function followDecision(follow: Follow, close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
