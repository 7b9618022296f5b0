import type { Glm45Limits } from "./glm45-limits";
import { ARGUMENT_KEY_OPEN } from "./glm45-markers";
import { readArgumentKey } from "./read-argument-key";
import { skipWhitespace } from "./skip-whitespace";

export type CloseFollow = "hold" | "close" | "literal";

/**
 * What follows a close-tag candidate inside a value decides whether it closes (docs/dialects.md §2: closing
 * is structural, as in qwen_xml): after optional whitespace, one of `closers`, the end of the stream, or —
 * when `isNewKey` is given — `<arg_key>K</arg_key>` for a K it accepts. Anything else: the candidate is
 * literal value text. `hold` while the buffer ends before that is known (never when `final`); the
 * whitespace and K are bounded by `limits`.
 */
export function matchCloseFollow(
  buffer: string,
  from: number,
  final: boolean,
  closers: readonly string[],
  limits: Glm45Limits,
  isNewKey?: (key: string) => boolean,
): CloseFollow {
  const at = skipWhitespace(buffer, from, limits.maxWhitespace);
  if (at === -1) return "literal";
  if (at === buffer.length) return final ? "close" : "hold";
  const remaining = buffer.length - at;
  for (const closer of closers) {
    if (buffer.startsWith(closer, at)) return "close";
    if (!final && remaining < closer.length && closer.startsWith(buffer.slice(at))) return "hold";
  }
  if (isNewKey === undefined) return "literal";
  if (buffer.startsWith(ARGUMENT_KEY_OPEN, at)) {
    const key = readArgumentKey(buffer, at + ARGUMENT_KEY_OPEN.length, final, limits.maxNameLength);
    if (key.kind === "hold") return "hold";
    return key.kind === "name" && isNewKey(key.name) ? "close" : "literal";
  }
  if (!final && remaining < ARGUMENT_KEY_OPEN.length && ARGUMENT_KEY_OPEN.startsWith(buffer.slice(at)))
    return "hold";
  return "literal";
}
