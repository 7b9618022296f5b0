import type { Follower, TagCallGrammar } from "@sluice/tool-kit";
import { matchCallStart } from "./call-start";
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

// A `</parameter>` closes before `</function>`, `</tool_call>` (and a new `<parameter=`, the kit's rule) or the end.
const VALUE_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: FUNCTION_CLOSE }, { marker: TOOL_CALL_CLOSE }];
// A `</function>` with no `</parameter>` before it closes only before `</tool_call>`, `<tool_call>` or the end.
const FUNCTION_CLOSE_FOLLOWERS: readonly Follower[] = [
  { marker: TOOL_CALL_CLOSE },
  { marker: TOOL_CALL_OPEN },
];
// A `</tool_call>` with neither `</parameter>` nor `</function>` closes only before `<tool_call>` or the end.
const TOOL_CALL_CLOSE_FOLLOWERS: readonly Follower[] = [{ marker: TOOL_CALL_OPEN }];

const grammars = new WeakMap<QwenXmlLimits, TagCallGrammar>();

/**
 * `qwen_xml`'s tags for tool-kit's TagCallParser (docs/dialects.md §2): `<tool_call>` around
 * `<function=NAME>`, or a bare `<function=NAME>` at the start of a line in content; `<parameter=P>` values
 * with one newline each side, closed by `</parameter>` or a drifted form of it (t045–t047). One grammar per
 * limits, so every parser of a dialect shares its marker sets.
 */
export function qwenXmlGrammar(limits: QwenXmlLimits): TagCallGrammar {
  const cached = grammars.get(limits);
  if (cached !== undefined) return cached;
  const starts = [
    {
      marker: TOOL_CALL_OPEN,
      accepted: "explicit" as const,
      match: (buffer: string, index: number, final: boolean) =>
        matchCallStart(buffer, index, TOOL_CALL_OPEN, final, limits),
    },
    {
      // The bare form counts only at the start of a line, and only in content.
      marker: FUNCTION_OPEN,
      accepted: "content" as const,
      lineStart: true,
      match: (buffer: string, index: number, final: boolean) =>
        matchCallStart(buffer, index, FUNCTION_OPEN, final, limits),
    },
  ];
  const grammar: TagCallGrammar = {
    dialect: "qwen_xml",
    newlines: "one-newline",
    maxWhitespace: limits.maxWhitespace,
    maxMadeUpLookahead: limits.maxMadeUpLookahead,
    starts,
    // Right after `</function>`: its `</tool_call>` may still follow (after whitespace), or the next call.
    startsAfterCall: starts,
    parameterTag: PARAMETER_OPEN,
    readParameterName: (buffer, from, final) =>
      readTagName(buffer, from, final, limits.maxNameLength, "parameter"),
    valueClose: PARAMETER_CLOSE_PREFIX,
    readValueClose: (buffer, index, final) =>
      matchParameterClose(buffer, index, final, limits.maxCloseTagDrift),
    valueCloseName: "</parameter>",
    valueWord: "parameter",
    keyWord: "parameter",
    callOpen: FUNCTION_OPEN,
    callClose: FUNCTION_CLOSE,
    blockOpen: TOOL_CALL_OPEN,
    blockClose: TOOL_CALL_CLOSE,
    valueCloseFollowers: VALUE_CLOSE_FOLLOWERS,
    callCloseFollowers: FUNCTION_CLOSE_FOLLOWERS,
    blockCloseFollowers: TOOL_CALL_CLOSE_FOLLOWERS,
    // t067: `</tool_call>` with no `</function>` ends the call too.
    missingCallClose: (callName, endedBy) => ({
      code: "missing_function_close",
      message: `call ${callName} ended by ${endedBy} without </function>`,
      raw: endedBy,
    }),
    // Inside a value, `</tool_call>` closing what is open says only that the parameter had no close (as always).
    missingCallCloseAfterValue: false,
  };
  grammars.set(limits, grammar);
  return grammar;
}
