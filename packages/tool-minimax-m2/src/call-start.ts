import { type CallStartMatch, matchTaggedCallStart } from "@sluice/tool-kit";
import type { MinimaxM2Limits } from "./minimax-m2-limits";
import { BLOCK_OPEN, INVOKE_OPEN } from "./minimax-m2-markers";
import { readAttributeName } from "./read-attribute-name";

export type { CallStartMatch };

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
  return matchTaggedCallStart(buffer, index + marker.length, final, {
    inner: marker === BLOCK_OPEN ? INVOKE_OPEN : undefined,
    readName: (text, from, end) => readAttributeName(text, from, end, limits.maxNameLength, "invoke"),
    maxWhitespace: limits.maxWhitespace,
  });
}
