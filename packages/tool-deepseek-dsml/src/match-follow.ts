import type { DsmlLimits } from "./dsml-limits";
import { CLOSE_PREFIX, END_OF_SENTENCE, OPEN_PREFIX } from "./dsml-markers";
import { type DsmlTag, readDsmlTag } from "./read-dsml-tag";
import { skipWhitespace } from "./skip-whitespace";

export type Follow = "hold" | "close" | "literal";

export interface FollowRule {
  /** Whether this tag, right after the candidate (and whitespace), makes the candidate structural. */
  readonly accepts: (tag: DsmlTag) => boolean;
  /** Whether an end-of-sentence marker there does (the model stopped right after the candidate). */
  readonly endOfSentence: boolean;
}

const FOLLOWERS = [OPEN_PREFIX, CLOSE_PREFIX, END_OF_SENTENCE];

/**
 * What follows a closing candidate decides whether it is structural (docs/dialects.md §2, "Closing is
 * structural", as in qwen_xml): after optional whitespace, a tag the rule accepts, an end-of-sentence marker
 * where the rule allows it, or the end of the stream. Anything else: the candidate is literal text. `hold`
 * while the buffer ends before that is known (never when `final`); bounded by the whitespace limit and one tag.
 */
export function matchFollow(
  buffer: string,
  from: number,
  final: boolean,
  limits: DsmlLimits,
  rule: FollowRule,
): Follow {
  const at = skipWhitespace(buffer, from, limits);
  if (at === -1) return "literal";
  if (at === buffer.length) return final ? "close" : "hold";
  if (buffer.startsWith(OPEN_PREFIX, at) || buffer.startsWith(CLOSE_PREFIX, at)) {
    const match = readDsmlTag(buffer, at, final, limits);
    if (match.kind === "hold") return "hold";
    return match.kind === "tag" && rule.accepts(match.tag) ? "close" : "literal";
  }
  if (buffer.startsWith(END_OF_SENTENCE, at)) return rule.endOfSentence ? "close" : "literal";
  if (!final && FOLLOWERS.some((marker) => isProperPrefix(buffer, at, marker))) return "hold";
  return "literal";
}

function isProperPrefix(buffer: string, at: number, marker: string): boolean {
  return buffer.length - at < marker.length && marker.startsWith(buffer.slice(at));
}
