import { skipWhitespace } from "./skip-whitespace";

/** What a close-tag candidate is, by what follows it. */
export type Follow = "hold" | "close" | "literal";

/** Something that, right after a close-tag candidate, makes it close. */
export interface Follower {
  readonly marker: string;
  /**
   * Reads what the marker at `at` starts (a parameter's name, a whole call start) to decide; absent: the
   * marker alone closes.
   */
  readonly decide?: (buffer: string, at: number, final: boolean) => Follow;
}

/**
 * What follows a close-tag candidate inside a value decides whether it closes (docs/dialects.md §2: closing is
 * structural). Values often quote the dialect's own markup (a model writing a parser's fixtures), so after at
 * most `maxWhitespace` whitespace characters only one of `followers`, or the end of the stream, makes the
 * candidate close; anything else leaves it literal value text. `hold` while the buffer ends before that is
 * known (never when `final`). Looks at a bounded window: the whitespace and one follower.
 */
export function matchFollow(
  buffer: string,
  from: number,
  final: boolean,
  maxWhitespace: number,
  followers: readonly Follower[],
): Follow {
  const at = skipWhitespace(buffer, from, maxWhitespace);
  if (at === -1) return "literal";
  if (at === buffer.length) return final ? "close" : "hold";
  const remaining = buffer.length - at;
  for (const follower of followers) {
    const { marker, decide } = follower;
    if (buffer.startsWith(marker, at)) return decide === undefined ? "close" : decide(buffer, at, final);
    // The chunk cut the follower's marker: decide when the rest arrives.
    if (!final && remaining < marker.length && marker.startsWith(buffer.slice(at))) return "hold";
  }
  return "literal";
}
