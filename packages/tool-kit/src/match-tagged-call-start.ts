import type { NameMatch } from "./read-name";
import { skipWhitespace } from "./skip-whitespace";
import type { CallStartMatch } from "./tag-call-grammar";

const HOLD_START: CallStartMatch = { kind: "hold" };
const NOT_A_CALL: CallStartMatch = { kind: "text" };

export interface TaggedCallOpening {
  /**
   * The call's own tag after a wrapper (`<function=` after `<tool_call>`), which may follow it after at most
   * `maxWhitespace` whitespace characters; absent: the name follows the marker directly.
   */
  readonly inner?: string | undefined;
  /** Reads the call's name up to the end of its tag. */
  readonly readName: (buffer: string, from: number, final: boolean) => NameMatch;
  readonly maxWhitespace: number;
}

/**
 * Whether the start marker at `buffer[from - marker.length]` opens a call, read from `from` (just after the
 * marker): the wrapper's whitespace and inner tag when `opening.inner` is given, then a name the dialect reads.
 * Returns where the confirmed opening ends, `text` when it is not a call, or `hold` when the buffer ends before
 * that is known (never when `final`). The caller checks the call-start policy.
 */
export function matchTaggedCallStart(
  buffer: string,
  from: number,
  final: boolean,
  opening: TaggedCallOpening,
): CallStartMatch {
  let at = from;
  const { inner } = opening;
  if (inner !== undefined) {
    at = skipWhitespace(buffer, at, opening.maxWhitespace);
    if (at === -1) return NOT_A_CALL;
    if (buffer.length - at < inner.length) {
      return !final && inner.startsWith(buffer.slice(at)) ? HOLD_START : NOT_A_CALL;
    }
    if (!buffer.startsWith(inner, at)) return NOT_A_CALL;
    at += inner.length;
  }
  const name = opening.readName(buffer, at, final);
  if (name.kind === "hold") return HOLD_START;
  if (name.kind === "invalid") return NOT_A_CALL;
  return { kind: "call", name: name.name, end: name.end };
}
