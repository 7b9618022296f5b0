import type { CallStartForm, Follower, TagCallGrammar } from "@sluice/tool-kit";
import { matchCallStart } from "./call-start";
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

// `</parameter>` closes before `</invoke>`, `</minimax:tool_call>` (and a new `<parameter name=`, the kit's rule)
// or the end; not before `<invoke name=`, so a value quoting MiniMax output keeps `</parameter><invoke …` literal.
const VALUE_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: INVOKE_CLOSE }, { marker: BLOCK_CLOSE }];
// `</invoke>` with no `</parameter>` before it closes only before `</minimax:tool_call>`, the next invoke or the end.
const INVOKE_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: BLOCK_CLOSE }, { marker: INVOKE_OPEN }];
// `</minimax:tool_call>` with neither `</parameter>` nor `</invoke>` closes only before a new block or the end.
const BLOCK_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: BLOCK_OPEN }];

const grammars = new WeakMap<MinimaxM2Limits, TagCallGrammar>();

/**
 * `minimax_m2`'s tags for tool-kit's TagCallParser (docs/dialects.md §3; the qwen_xml rules of docs/dialects.md §2
 * in MiniMax's tags): `<minimax:tool_call>`, then one call per `<invoke name="N">`, each `<parameter name="K">V
 * </parameter>`, `</invoke>`, `</minimax:tool_call>`. One grammar per limits, so every parser shares its marker sets.
 */
export function minimaxM2Grammar(limits: MinimaxM2Limits): TagCallGrammar {
  const cached = grammars.get(limits);
  if (cached !== undefined) return cached;
  // `<minimax:tool_call>` is explicit, and so is an invoke inside a block: only the policy `none` refuses them.
  const form = (marker: typeof BLOCK_OPEN | typeof INVOKE_OPEN): CallStartForm => ({
    marker,
    accepted: "explicit",
    match: (buffer, index, final) => matchCallStart(buffer, index, marker, final, limits),
  });
  const block = form(BLOCK_OPEN);
  const invoke = form(INVOKE_OPEN);
  const grammar: TagCallGrammar = {
    dialect: "minimax_m2",
    // The template writes `<parameter name="K">V</parameter>` with no newline of its own: keep V exactly (d127).
    newlines: "exact",
    maxWhitespace: limits.maxWhitespace,
    maxMadeUpLookahead: limits.maxMadeUpLookahead,
    // Outside a block only the wrapper starts a call; after `</invoke>`, still inside it, the next invoke does.
    starts: [block],
    startsAfterCall: [invoke, block],
    // `<invoke name=` between the parameters: the model left out `</invoke>`.
    restart: invoke,
    parameterTag: PARAMETER_OPEN,
    readParameterName: (buffer, from, final) =>
      readAttributeName(buffer, from, final, limits.maxNameLength, "parameter"),
    valueClose: PARAMETER_CLOSE,
    valueCloseName: PARAMETER_CLOSE,
    valueWord: "parameter",
    keyWord: "parameter",
    callOpen: INVOKE_OPEN,
    callClose: INVOKE_CLOSE,
    blockOpen: BLOCK_OPEN,
    blockClose: BLOCK_CLOSE,
    valueCloseFollowers: VALUE_CLOSE_FOLLOWERS,
    callCloseFollowers: INVOKE_CLOSE_FOLLOWERS,
    blockCloseFollowers: BLOCK_CLOSE_FOLLOWERS,
    missingCallClose: (callName, _endedBy, source) => ({
      code: "missing_invoke_close",
      message: `call ${callName} had no </invoke>; ended at ${JSON.stringify(source)}`,
      raw: source,
    }),
    // `</minimax:tool_call>` ending an unclosed value ends an invoke that had no `</invoke>` either: both are said.
    missingCallCloseAfterValue: true,
  };
  grammars.set(limits, grammar);
  return grammar;
}
