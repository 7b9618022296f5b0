import { type Follow, type Follower, matchFollow } from "./match-follow";
import type { NameMatch } from "./read-name";

/** Literal tags opened inside the current value and not yet closed (qwen_xml's t026, t028), one count per kind. */
export interface LiteralDepths {
  /** Value openers: the parameter tag, or the value tag when the format has one. */
  parameter: number;
  call: number;
  block: number;
}

/** What a tag met inside a value is in its format. */
export type ValueTagRole =
  | "block-open"
  | "call-open"
  | "value-open"
  | "value-close"
  | "call-close"
  | "block-close";

/** A tag met inside a value, identified by its dialect. */
export interface ValueTag {
  readonly role: ValueTagRole;
  /** Just after the tag. */
  readonly end: number;
  /** `value-close`: false for a drifted form (`</parameter1>`), which may close but never closes a nested literal. */
  readonly exact?: boolean | undefined;
  /** `value-open`: its name, when the dialect read the tag whole. */
  readonly name?: NameMatch | undefined;
  /** `value-open`: where its name starts, read with `rules.readParameterName` only when the decision needs it. */
  readonly nameAt?: number | undefined;
}

/** What a marker met inside a value is. */
export type ValueTagDecision =
  | { readonly kind: "hold" }
  /** Value text: append the tag, resume right after it. */
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
  /** No value close: the tag (the call's or the block's close) closes the value and the call. */
  | { readonly kind: "end-call" };

/** How one parser's values decide their tags: what may follow each close, and which parameters are structural. */
export interface ValueTagRules {
  /** After a value's close (and at most `maxWhitespace` whitespace), what makes it close. */
  readonly afterValueClose: readonly Follower[];
  /** After a call's close with no value close before it. */
  readonly afterCallClose: readonly Follower[];
  /** After the block's close with neither. */
  readonly afterBlockClose: readonly Follower[];
  readonly maxWhitespace: number;
  /**
   * Whether a literal block opener in the value also keeps a parameter tag from closing it: deepseek_dsml counts
   * every literal opener; qwen_xml and minimax_m2 count the parameters and calls only (a quoted `<tool_call>`
   * alone does not make the next structural `<parameter=` on a line literal).
   */
  readonly blocksNestParameters: boolean;
  /** Whether a parameter tag naming `name` may start the next parameter with no close before it (in the schema, new). */
  readonly isStructural: (name: string) => boolean;
  /** Reads a `value-open` tag's name from its `nameAt`. */
  readonly readParameterName?: ((buffer: string, from: number, final: boolean) => NameMatch) | undefined;
  /** Set by `afterValueClose` while a decision runs: the made-up parameter's look-ahead passed its bound. */
  undecided: string | undefined;
}

export interface ValueTagContext {
  readonly depths: LiteralDepths;
  /** The value's source so far ends a line. */
  readonly atLineStart: boolean;
  readonly rules: ValueTagRules;
}

const HOLD_TAG: ValueTagDecision = { kind: "hold" };
const LITERAL: ValueTagDecision = { kind: "literal" };
const END_CALL: ValueTagDecision = { kind: "end-call" };

/**
 * Decides a tag met inside a value (docs/dialects.md §2: closing is structural). Values often contain markup (a
 * model writing a file of tool-call fixtures), so a closing tag closes only in context — by what follows it — and
 * literal openers nest, so that their own closing tags stay literal. A parameter tag starting a line, for a
 * parameter of the schema, closes a value that had no close. Updates `context.depths` for literal tags; `hold`
 * when the decision needs text that has not arrived.
 */
export function decideValueTag(
  tag: ValueTag,
  buffer: string,
  final: boolean,
  context: ValueTagContext,
): ValueTagDecision {
  const { depths, rules } = context;
  switch (tag.role) {
    case "block-open":
      depths.block++;
      return LITERAL;
    case "call-open":
      depths.call++;
      return LITERAL;
    case "value-open": {
      const nested =
        depths.parameter > 0 || depths.call > 0 || (rules.blocksNestParameters && depths.block > 0);
      // A missing value close: a structural parameter tag starting a line closes the value.
      if (!nested && context.atLineStart) {
        const name =
          tag.name ??
          (tag.nameAt === undefined ? undefined : rules.readParameterName?.(buffer, tag.nameAt, final));
        if (name?.kind === "hold") return HOLD_TAG;
        if (name?.kind === "name" && rules.isStructural(name.name)) {
          return { kind: "next-parameter", name: name.name, end: name.end };
        }
      }
      depths.parameter++;
      return LITERAL;
    }
    case "call-close":
      if (depths.call > 0) {
        depths.call--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, tag.end, final, rules.maxWhitespace, rules.afterCallClose),
        END_CALL,
      );
    case "block-close":
      if (depths.block > 0) {
        depths.block--;
        return LITERAL;
      }
      return followDecision(
        matchFollow(buffer, tag.end, final, rules.maxWhitespace, rules.afterBlockClose),
        END_CALL,
      );
    case "value-close": {
      const exact = tag.exact !== false;
      if (depths.parameter > 0) {
        // The close of a literal opener nested in the value (t026); a drifted one stays plain text.
        if (exact) depths.parameter--;
        return LITERAL;
      }
      rules.undecided = undefined;
      const follow = matchFollow(buffer, tag.end, final, rules.maxWhitespace, rules.afterValueClose);
      return followDecision(follow, {
        kind: "close-parameter",
        end: tag.end,
        drifted: !exact,
        undecided: rules.undecided,
      });
    }
  }
}

function followDecision(follow: Follow, close: ValueTagDecision): ValueTagDecision {
  if (follow === "hold") return HOLD_TAG;
  return follow === "close" ? close : LITERAL;
}
