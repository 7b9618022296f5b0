import type { Glm45Limits } from "./glm45-limits";
import { ARGUMENT_KEY_OPEN, TOOL_CALL_OPEN } from "./glm45-markers";
import { matchCallStart } from "./match-call-start";
import { readArgumentKey } from "./read-argument-key";
import { skipWhitespace } from "./skip-whitespace";

export type CloseFollow = "hold" | "close" | "literal";

/** What may follow a close-tag candidate for it to close. */
export interface CloseFollowers {
  /** Tags that close it as they stand (`</tool_call>`). */
  readonly closers: readonly string[];
  /** `<arg_key>K</arg_key>` closes it for a K this accepts; absent: `<arg_key>` does not. */
  readonly isNewKey?: (key: string) => boolean;
}

/**
 * What follows a close-tag candidate inside a value decides whether it closes (docs/dialects.md §2: closing
 * is structural, as in qwen_xml): after optional whitespace, one of the closers, `<arg_key>K</arg_key>` of a
 * K `isNewKey` accepts, a confirmed call start (`<tool_call>NAME` then `<arg_key>` or `</tool_call>`: the
 * model skipped `</tool_call>`), or the end of the stream. Anything else: the candidate is literal value
 * text. `hold` while the buffer ends before that is known (never when `final`); everything looked at is
 * bounded by `limits`.
 */
export function matchCloseFollow(
  buffer: string,
  from: number,
  final: boolean,
  followers: CloseFollowers,
  limits: Glm45Limits,
): CloseFollow {
  const at = skipWhitespace(buffer, from, limits.maxWhitespace);
  if (at === -1) return "literal";
  if (at === buffer.length) return final ? "close" : "hold";
  for (const closer of followers.closers) {
    if (buffer.startsWith(closer, at)) return "close";
    if (!final && isCutPrefix(buffer, at, closer)) return "hold";
  }
  if (buffer.startsWith(TOOL_CALL_OPEN, at)) {
    const start = matchCallStart(buffer, at, final, limits);
    if (start.kind === "hold") return "hold";
    return start.kind === "call" ? "close" : "literal";
  }
  if (!final && isCutPrefix(buffer, at, TOOL_CALL_OPEN)) return "hold";
  const { isNewKey } = followers;
  if (isNewKey === undefined) return "literal";
  if (buffer.startsWith(ARGUMENT_KEY_OPEN, at)) {
    const key = readArgumentKey(buffer, at + ARGUMENT_KEY_OPEN.length, final, limits.maxNameLength);
    if (key.kind === "hold") return "hold";
    return key.kind === "name" && isNewKey(key.name) ? "close" : "literal";
  }
  if (!final && isCutPrefix(buffer, at, ARGUMENT_KEY_OPEN)) return "hold";
  return "literal";
}

/** Whether the buffer ends at `at` with a proper prefix of `tag` (the chunk cut it). */
function isCutPrefix(buffer: string, at: number, tag: string): boolean {
  return buffer.length - at < tag.length && tag.startsWith(buffer.slice(at));
}
