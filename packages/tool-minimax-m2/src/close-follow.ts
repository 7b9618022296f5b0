import { isJsonWhitespace } from "@sluice/core";
import type { MinimaxM2Limits } from "./minimax-m2-limits";
import { PARAMETER_OPEN } from "./minimax-m2-markers";
import { readAttributeName } from "./read-attribute-name";

export type CloseFollow = "hold" | "close" | "literal";

/**
 * What follows a close-tag candidate inside a value decides whether it closes (docs/dialects.md §2,
 * "Closing is structural", as for qwen_xml): after optional whitespace, one of `closers`, the end of the
 * stream, or — when `isNewParameter` is given — a `<parameter name=K>` whose K it accepts. Anything else:
 * the candidate is literal value text. `hold` while the buffer ends before that is known (never when
 * `final`); the whitespace and K are bounded by `limits`.
 */
export function matchCloseFollow(
  buffer: string,
  from: number,
  final: boolean,
  closers: readonly string[],
  limits: MinimaxM2Limits,
  isNewParameter?: (name: string) => boolean,
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
  if (isNewParameter === undefined) return "literal";
  if (buffer.startsWith(PARAMETER_OPEN, at)) {
    const name = readAttributeName(
      buffer,
      at + PARAMETER_OPEN.length,
      final,
      limits.maxNameLength,
      "parameter",
    );
    if (name.kind === "hold") return "hold";
    return name.kind === "name" && isNewParameter(name.name) ? "close" : "literal";
  }
  if (!final && remaining < PARAMETER_OPEN.length && PARAMETER_OPEN.startsWith(buffer.slice(at)))
    return "hold";
  return "literal";
}
