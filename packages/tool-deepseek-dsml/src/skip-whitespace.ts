import { isJsonWhitespace } from "@sluice/core";
import type { DsmlLimits } from "./dsml-limits";

/**
 * Past the whitespace from `from`: the index of the next other character (or the buffer's end), or -1 when
 * the run is longer than the limit (docs/dialects.md §3: whitespace around markers is tolerated, bounded).
 */
export function skipWhitespace(buffer: string, from: number, limits: DsmlLimits): number {
  let at = from;
  while (at < buffer.length && isJsonWhitespace(buffer.charCodeAt(at))) {
    at++;
    if (at - from > limits.maxWhitespace) return -1;
  }
  return at;
}
