import type { CallStartForm, Follow, Follower, TagCallGrammar } from "@sluice/tool-kit";
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

export type GlmDialectId = "glm45" | "glm47";

const grammars = new WeakMap<Glm45Limits, Map<GlmDialectId, TagCallGrammar>>();

/**
 * GLM's tags for tool-kit's TagCallParser (docs/dialects.md §3): `<tool_call>NAME`, then `<arg_key>K</arg_key>`
 * and `<arg_value>V</arg_value>` per argument, `</tool_call>`. One grammar serves both layouts: GLM-4.5's
 * newlines between the tags are whitespace the parser tolerates, GLM-4.7 has none (d024); `dialect` is the id
 * the warning codes start with. One grammar per limits and id, so every parser shares its marker sets.
 */
export function glm45Grammar(limits: Glm45Limits, dialect: GlmDialectId): TagCallGrammar {
  let byDialect = grammars.get(limits);
  if (byDialect === undefined) {
    byDialect = new Map();
    grammars.set(limits, byDialect);
  }
  const cached = byDialect.get(dialect);
  if (cached !== undefined) return cached;
  // `<tool_call>NAME` is explicit: only the policy `none` refuses it.
  const start: CallStartForm = {
    marker: TOOL_CALL_OPEN,
    accepted: "explicit",
    match: (buffer, index, final) => matchCallStart(buffer, index, final, limits),
  };
  // A confirmed call start (`<tool_call>NAME` then `<arg_key>` or `</tool_call>`): the model skipped `</tool_call>`.
  const callStart: Follower = {
    marker: TOOL_CALL_OPEN,
    decide: (buffer, at, final): Follow => {
      const match = matchCallStart(buffer, at, final, limits);
      if (match.kind === "hold") return "hold";
      return match.kind === "call" ? "close" : "literal";
    },
  };
  const grammar: TagCallGrammar = {
    dialect,
    // GLM's tags hug the value and the template writes strings raw: every character is the value's (d009, d011).
    newlines: "exact",
    maxWhitespace: limits.maxWhitespace,
    maxMadeUpLookahead: limits.maxMadeUpLookahead,
    starts: [start],
    startsAfterCall: [start],
    // `<tool_call>` between the arguments: a new call when it is one (the model skipped `</tool_call>`).
    restart: start,
    parameterTag: ARGUMENT_KEY_OPEN,
    // No `</arg_key>` in reach is no key: stray text.
    readParameterName: (buffer, from, final) => readArgumentKey(buffer, from, final, limits.maxNameLength),
    valueTag: ARGUMENT_VALUE_OPEN,
    valueClose: ARGUMENT_VALUE_CLOSE,
    valueCloseName: ARGUMENT_VALUE_CLOSE,
    valueWord: "value",
    keyWord: "key",
    callOpen: TOOL_CALL_OPEN,
    callClose: TOOL_CALL_CLOSE,
    // `</arg_value>` closes before `</tool_call>`, a confirmed call start (and `<arg_key>` of a new key, the kit's
    // rule) or the end.
    valueCloseFollowers: [{ marker: TOOL_CALL_CLOSE }, callStart],
    // `</tool_call>` with no `</arg_value>` before it closes only before a confirmed call start or the end.
    callCloseFollowers: [callStart],
    blockCloseFollowers: [],
    missingCallClose: (callName, endedBy) => ({
      code: "missing_call_close",
      message: `call ${callName} ended by the next <tool_call> without </tool_call>`,
      raw: endedBy,
    }),
    // GLM has no block around its calls.
    missingCallCloseAfterValue: false,
  };
  byDialect.set(dialect, grammar);
  return grammar;
}
