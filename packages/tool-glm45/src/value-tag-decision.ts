import {
  decideMadeUpKey,
  type Follow,
  type Follower,
  type MadeUpKeyTags,
  matchFollow,
  skipWhitespace,
} from "@sluice/tool-kit";
import type { Glm45Limits } from "./glm45-limits";
import {
  ARGUMENT_KEY_OPEN,
  ARGUMENT_VALUE_CLOSE,
  ARGUMENT_VALUE_OPEN,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
} from "./glm45-markers";
import { matchCallStart } from "./match-call-start";
import { readArgumentKey } from "./read-argument-key";

/** Literal tags opened inside the current value and not yet closed, one count per tag. */
export interface LiteralDepths {
  value: number;
  toolCall: number;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text: append the marker, resume right after it. */
  | { readonly kind: "literal" }
  /**
   * `</arg_value>` closes the value. `undecided`: the key after it is one the schema does not name, and its
   * value did not show within the bound whether it is a key.
   */
  | { readonly kind: "close-value"; readonly undecided: string | undefined }
  /** No `</arg_value>`: the `</tool_call>` closes the value and the call. */
  | { readonly kind: "end-call" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /**
   * Whether `key` is not yet given in this call: only `<arg_key>` of such a key follows a real close (when the
   * schema names it, or when it is made up and its own value closes cleanly).
   */
  readonly isNewKey: (key: string) => boolean;
  /** Whether `key` is not yet given and the schema, which names other keys, does not name it. */
  readonly isMadeUp: (key: string) => boolean;
  readonly limits: Glm45Limits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const END_CALL: ValueTagDecision = { kind: "end-call" };

/** A confirmed call start (`<tool_call>NAME` then `<arg_key>` or `</tool_call>`): the model skipped `</tool_call>`. */
function callStartFollower(limits: Glm45Limits): Follower {
  return {
    marker: TOOL_CALL_OPEN,
    decide: (buffer, at, final): Follow => {
      const start = matchCallStart(buffer, at, final, limits);
      if (start.kind === "hold") return "hold";
      return start.kind === "call" ? "close" : "literal";
    },
  };
}

// `</tool_call>` with no `</arg_value>` before it closes only before a confirmed call start or the end.
function toolCallCloseFollowers(context: ValueTagContext): readonly Follower[] {
  return [callStartFollower(context.limits)];
}

// `</arg_value>` closes before `</tool_call>`, a confirmed call start, `<arg_key>` of a new key, or the end; a
// new key the schema does not name counts only when its own value closes cleanly (decideMadeUpKey): else it
// was GLM markup quoted in this value.
function valueCloseFollowers(
  context: ValueTagContext,
  onUndecided: (key: string) => void,
): readonly Follower[] {
  const { limits, isNewKey, isMadeUp } = context;
  return [
    { marker: TOOL_CALL_CLOSE },
    callStartFollower(limits),
    {
      marker: ARGUMENT_KEY_OPEN,
      decide: (buffer, at, final): Follow => {
        const key = readArgumentKey(buffer, at + ARGUMENT_KEY_OPEN.length, final, limits.maxNameLength);
        if (key.kind === "hold") return "hold";
        if (key.kind !== "name" || !isNewKey(key.name)) return "literal";
        if (!isMadeUp(key.name)) return "close";
        // Its value starts after `<arg_value>`: the look-ahead reads from there.
        const open = skipWhitespace(buffer, key.end, limits.maxWhitespace);
        if (open !== -1 && !final && ARGUMENT_VALUE_OPEN.startsWith(buffer.slice(open))) return "hold";
        // No value after the key: not a quotation of one, so a key (as without the look-ahead).
        if (open === -1 || !buffer.startsWith(ARGUMENT_VALUE_OPEN, open)) return "close";
        const made = decideMadeUpKey(
          buffer,
          open + ARGUMENT_VALUE_OPEN.length,
          final,
          madeUpKeyTags(context, key.name),
        );
        if (made === "undecided") onUndecided(key.name);
        return made === "hold" ? "hold" : made === "quoted" ? "literal" : "close";
      },
    },
  ];
}

/** GLM's tags for the look-ahead: after made-up K's `</arg_value>`, `</tool_call>`, a call start or another new key. */
function madeUpKeyTags(context: ValueTagContext, madeUp: string): MadeUpKeyTags {
  const { limits, isNewKey } = context;
  return {
    closePrefix: ARGUMENT_VALUE_CLOSE,
    readClose: (_buffer, index) => index + ARGUMENT_VALUE_CLOSE.length,
    opener: ARGUMENT_VALUE_OPEN,
    followers: [
      { marker: TOOL_CALL_CLOSE },
      callStartFollower(limits),
      {
        marker: ARGUMENT_KEY_OPEN,
        decide: (buffer, at, final): Follow => {
          const key = readArgumentKey(buffer, at + ARGUMENT_KEY_OPEN.length, final, limits.maxNameLength);
          if (key.kind === "hold") return "hold";
          return key.kind === "name" && key.name !== madeUp && isNewKey(key.name) ? "close" : "literal";
        },
      },
    ],
    maxWhitespace: limits.maxWhitespace,
    maxLookahead: limits.maxMadeUpLookahead,
  };
}

/**
 * Decides a marker met inside a value (docs/dialects.md §2: closing is structural). Values may contain GLM
 * markup themselves (a model writing a parser's test fixtures), so a closing tag closes only in context — by
 * what follows it — and literal openers nest, so that their own closing tags stay literal. Updates
 * `context.depths` for literal tags; `hold` (depths untouched) when the decision needs text not yet arrived.
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
    case ARGUMENT_VALUE_OPEN:
      depths.value++;
      return LITERAL;
    case TOOL_CALL_CLOSE:
      if (depths.toolCall > 0) {
        depths.toolCall--;
        return LITERAL;
      }
      return decided(
        matchFollow(buffer, after, final, limits.maxWhitespace, toolCallCloseFollowers(context)),
        END_CALL,
      );
    default: {
      if (depths.value > 0) {
        depths.value--;
        return LITERAL;
      }
      let undecided: string | undefined;
      const followers = valueCloseFollowers(context, (key) => {
        undecided = key;
      });
      return decided(matchFollow(buffer, after, final, limits.maxWhitespace, followers), {
        kind: "close-value",
        undecided,
      });
    }
  }
}

function decided(follow: Follow, close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
