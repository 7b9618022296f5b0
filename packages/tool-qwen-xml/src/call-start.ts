import { isJsonWhitespace } from "@sluice/core";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import { FUNCTION_OPEN, TOOL_CALL_OPEN } from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";

export type CallStartMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "text" }
  | { readonly kind: "call"; readonly name: string; readonly end: number };

const HOLD_START: CallStartMatch = { kind: "hold" };
const NOT_A_CALL: CallStartMatch = { kind: "text" };

/**
 * Decides whether the start marker at `buffer[index]` (`<tool_call>` or a bare `<function=`) opens a
 * call: `<tool_call>` needs optional whitespace then `<function=NAME>`; `<function=` needs `NAME>`.
 * Returns where the confirmed opening ends, `text` when it is not a call (t033, t034, t035, t066),
 * or `hold` when the buffer ends before that is known (never when `final`). The caller checks the
 * call-start policy and the line-start rule of the bare form.
 */
export function matchCallStart(
  buffer: string,
  index: number,
  marker: typeof TOOL_CALL_OPEN | typeof FUNCTION_OPEN,
  final: boolean,
  limits: QwenXmlLimits,
): CallStartMatch {
  let at = index + marker.length;
  if (marker === TOOL_CALL_OPEN) {
    const whitespaceStart = at;
    while (at < buffer.length && isJsonWhitespace(buffer.charCodeAt(at))) {
      at++;
      if (at - whitespaceStart > limits.maxWhitespace) return NOT_A_CALL;
    }
    if (buffer.length - at < FUNCTION_OPEN.length) {
      return !final && FUNCTION_OPEN.startsWith(buffer.slice(at)) ? HOLD_START : NOT_A_CALL;
    }
    if (!buffer.startsWith(FUNCTION_OPEN, at)) return NOT_A_CALL;
    at += FUNCTION_OPEN.length;
  }
  const name = readTagName(buffer, at, final, limits.maxNameLength, "function");
  if (name.kind === "hold") return HOLD_START;
  if (name.kind === "invalid") return NOT_A_CALL;
  return { kind: "call", name: name.name, end: name.end };
}
