import { isJsonWhitespace } from "@sluice/core";
import type { MinimaxM2Limits } from "./minimax-m2-limits";
import { BLOCK_OPEN, INVOKE_OPEN } from "./minimax-m2-markers";
import { readAttributeName } from "./read-attribute-name";

export type CallStartMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "text" }
  | { readonly kind: "call"; readonly name: string; readonly end: number };

const HOLD_START: CallStartMatch = { kind: "hold" };
const NOT_A_CALL: CallStartMatch = { kind: "text" };

/**
 * Decides whether the marker at `buffer[index]` opens a call: `<minimax:tool_call>` needs optional
 * whitespace (at most `limits.maxWhitespace`) then `<invoke name=N>`; `<invoke name=` (inside a block)
 * needs `N>`. Returns where the confirmed opening ends, `text` when it is not a call (d125: `<invoke>`
 * without a name), or `hold` when the buffer ends before that is known (never when `final`). The caller
 * checks the call-start policy.
 */
export function matchCallStart(
  buffer: string,
  index: number,
  marker: typeof BLOCK_OPEN | typeof INVOKE_OPEN,
  final: boolean,
  limits: MinimaxM2Limits,
): CallStartMatch {
  let at = index + marker.length;
  if (marker === BLOCK_OPEN) {
    const whitespaceStart = at;
    while (at < buffer.length && isJsonWhitespace(buffer.charCodeAt(at))) {
      at++;
      if (at - whitespaceStart > limits.maxWhitespace) return NOT_A_CALL;
    }
    if (buffer.length - at < INVOKE_OPEN.length) {
      return !final && INVOKE_OPEN.startsWith(buffer.slice(at)) ? HOLD_START : NOT_A_CALL;
    }
    if (!buffer.startsWith(INVOKE_OPEN, at)) return NOT_A_CALL;
    at += INVOKE_OPEN.length;
  }
  const name = readAttributeName(buffer, at, final, limits.maxNameLength, "invoke");
  if (name.kind === "hold") return HOLD_START;
  if (name.kind === "invalid") return NOT_A_CALL;
  return { kind: "call", name: name.name, end: name.end };
}
