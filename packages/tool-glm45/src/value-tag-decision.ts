import type { Glm45Limits } from "./glm45-limits";
import { ARGUMENT_VALUE_OPEN, TOOL_CALL_CLOSE, TOOL_CALL_OPEN } from "./glm45-markers";
import { matchCloseFollow } from "./match-close-follow";

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
  /** `</arg_value>` closes the value. */
  | { readonly kind: "close-value" }
  /** No `</arg_value>`: the `</tool_call>` closes the value and the call. */
  | { readonly kind: "end-call" };

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** Whether `key` is not yet given in this call: only `<arg_key>` of such a key follows a real close. */
  readonly isNewKey: (key: string) => boolean;
  readonly limits: Glm45Limits;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const CLOSE_VALUE: ValueTagDecision = { kind: "close-value" };
const END_CALL: ValueTagDecision = { kind: "end-call" };
// `</arg_value>` closes before `</tool_call>`, `<arg_key>` of a new key, a confirmed call start or the end.
const VALUE_CLOSERS = [TOOL_CALL_CLOSE];
// `</tool_call>` with no `</arg_value>` before it closes only before a confirmed call start or the end.
const NO_CLOSERS: readonly string[] = [];

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
      return decided(matchCloseFollow(buffer, after, final, { closers: NO_CLOSERS }, limits), END_CALL);
    default:
      if (depths.value > 0) {
        depths.value--;
        return LITERAL;
      }
      return decided(
        matchCloseFollow(
          buffer,
          after,
          final,
          { closers: VALUE_CLOSERS, isNewKey: context.isNewKey },
          limits,
        ),
        CLOSE_VALUE,
      );
  }
}

function decided(follow: "hold" | "close" | "literal", close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
