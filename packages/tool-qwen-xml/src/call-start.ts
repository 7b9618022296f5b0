import { type CallStartMatch, matchTaggedCallStart } from "@sluice/tool-kit";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import { FUNCTION_OPEN } from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";

export type { CallStartMatch };

/**
 * Decides whether the start marker at `buffer[index]` (a block's opener such as `<tool_call>`, or a bare
 * `<function=`) opens a call: the block's opener needs optional whitespace then `<function=NAME>`; `<function=`
 * needs `NAME>`.
 * Returns where the confirmed opening ends, `text` when it is not a call (t033, t034, t035, t066),
 * or `hold` when the buffer ends before that is known (never when `final`). The caller checks the
 * call-start policy and the line-start rule of the bare form.
 */
export function matchCallStart(
  buffer: string,
  index: number,
  marker: string,
  final: boolean,
  limits: QwenXmlLimits,
): CallStartMatch {
  return matchTaggedCallStart(buffer, index + marker.length, final, {
    inner: marker === FUNCTION_OPEN ? undefined : FUNCTION_OPEN,
    readName: (text, from, end) => readTagName(text, from, end, limits.maxNameLength, "function"),
    maxWhitespace: limits.maxWhitespace,
  });
}
