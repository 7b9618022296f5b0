import type { Follower, TagCallGrammar } from "@sluice/tool-kit";
import { matchCallStart } from "./call-start";
import { matchParameterClose } from "./parameter-close";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import {
  FUNCTION_CLOSE,
  FUNCTION_OPEN,
  PARAMETER_CLOSE_PREFIX,
  PARAMETER_OPEN,
  QWEN_XML_BLOCK,
  type QwenXmlBlock,
} from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";

const grammars = new WeakMap<QwenXmlBlock, WeakMap<QwenXmlLimits, TagCallGrammar>>();

/**
 * `qwen_xml`'s tags for tool-kit's TagCallParser (docs/dialects.md §2): `<tool_call>` (the block's opener) around
 * `<function=NAME>`, or a bare `<function=NAME>` at the start of a line in content; `<parameter=P>` values
 * with one newline each side, closed by `</parameter>` or a drifted form of it (t045–t047). One grammar per
 * limits and block, so every parser of a dialect shares its marker sets. `block` names the wrapper and the
 * dialect: Seed-OSS writes the same body inside `<seed:tool_call>` (SEED_OSS_BLOCK).
 */
export function qwenXmlGrammar(limits: QwenXmlLimits, block: QwenXmlBlock = QWEN_XML_BLOCK): TagCallGrammar {
  let byLimits = grammars.get(block);
  if (byLimits === undefined) {
    byLimits = new WeakMap();
    grammars.set(block, byLimits);
  }
  const cached = byLimits.get(limits);
  if (cached !== undefined) return cached;
  const { open: blockOpen, close: blockClose } = block;
  // A `</parameter>` closes before `</function>`, the block's close (and a new `<parameter=`, the kit's rule) or the end.
  const valueCloseFollowers: readonly Follower[] = [{ marker: FUNCTION_CLOSE }, { marker: blockClose }];
  // A `</function>` with no `</parameter>` before it closes only before the block's close, its open or the end.
  const functionCloseFollowers: readonly Follower[] = [{ marker: blockClose }, { marker: blockOpen }];
  // The block's close with neither `</parameter>` nor `</function>` closes only before its open or the end.
  const blockCloseFollowers: readonly Follower[] = [{ marker: blockOpen }];
  const starts = [
    {
      marker: blockOpen,
      accepted: "explicit" as const,
      match: (buffer: string, index: number, final: boolean) =>
        matchCallStart(buffer, index, blockOpen, final, limits),
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
    dialect: block.dialect,
    newlines: "one-newline",
    maxWhitespace: limits.maxWhitespace,
    maxMadeUpLookahead: limits.maxMadeUpLookahead,
    starts,
    // Right after `</function>`: its block close (`</tool_call>`) may still follow (after whitespace), or the next call.
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
    blockOpen,
    blockClose,
    valueCloseFollowers,
    callCloseFollowers: functionCloseFollowers,
    blockCloseFollowers,
    // t067: `</tool_call>` with no `</function>` ends the call too.
    missingCallClose: (callName, endedBy) => ({
      code: "missing_function_close",
      message: `call ${callName} ended by ${endedBy} without </function>`,
      raw: endedBy,
    }),
    // Inside a value, `</tool_call>` closing what is open says only that the parameter had no close (as always).
    missingCallCloseAfterValue: false,
  };
  byLimits.set(limits, grammar);
  return grammar;
}
