import { isJsonWhitespace } from "@sluice/core";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import { PARAMETER_OPEN } from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";

export type CloseFollow = "hold" | "close" | "literal";

/**
 * What follows a close-tag candidate inside a value decides whether it closes (docs/dialects.md §2: closing is
 * structural): after optional whitespace, one of `closers`, the end of the stream, or — when
 * `isStructuralParameter` is given — a `<parameter=Q>` whose Q it accepts. Anything else: the
 * candidate is literal value text. `hold` while the buffer ends before that is known (never when
 * `final`); the whitespace and Q are bounded by `limits`.
 */
export function matchCloseFollow(
  buffer: string,
  from: number,
  final: boolean,
  closers: readonly string[],
  limits: QwenXmlLimits,
  isStructuralParameter?: (name: string) => boolean,
): CloseFollow {
  let at = from;
  while (at < buffer.length && isJsonWhitespace(buffer.charCodeAt(at))) {
    at++;
    if (at - from > limits.maxWhitespace) return "literal";
  }
  if (at === buffer.length) return final ? "close" : "hold";
  const remaining = buffer.length - at;
  for (const closer of closers) {
    if (buffer.startsWith(closer, at)) return "close";
    if (!final && remaining < closer.length && closer.startsWith(buffer.slice(at))) return "hold";
  }
  if (isStructuralParameter === undefined) return "literal";
  if (buffer.startsWith(PARAMETER_OPEN, at)) {
    const name = readTagName(buffer, at + PARAMETER_OPEN.length, final, limits.maxNameLength, "parameter");
    if (name.kind === "hold") return "hold";
    return name.kind === "name" && isStructuralParameter(name.name) ? "close" : "literal";
  }
  if (!final && remaining < PARAMETER_OPEN.length && PARAMETER_OPEN.startsWith(buffer.slice(at)))
    return "hold";
  return "literal";
}
