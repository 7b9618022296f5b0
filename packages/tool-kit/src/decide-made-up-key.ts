import { type Follower, matchFollow } from "./match-follow";

/**
 * What the value of a parameter the schema does not name shows, read ahead: `key` (a new key: its value closes
 * cleanly, before a structural tag), `quoted` (its value holds a close tag that closes nothing structural: the
 * whole thing was markup quoted inside the previous value), `hold` (not known yet), `undecided` (no answer
 * within the bound: the caller decides as if it were a key, and says so).
 */
export type MadeUpKeyDecision = "key" | "quoted" | "hold" | "undecided";

/** A dialect's tags, as the look-ahead needs them. */
export interface MadeUpKeyTags {
  /** Where a value-close candidate may start (`</parameter`): found with indexOf. */
  readonly closePrefix: string;
  /** The candidate at `index` as a close tag: where it ends, `hold` when cut off, `none` when it is not one. */
  readonly readClose: (buffer: string, index: number, final: boolean) => number | "hold" | "none";
  /** A literal opener inside the value (`<parameter=`): each one's own close is skipped. */
  readonly opener?: string | undefined;
  /** What, after the value's close (and whitespace), makes that close structural. */
  readonly followers: readonly Follower[];
  readonly maxWhitespace: number;
  /** How many characters of the value are read before deciding as if it were a key (`undecided`). */
  readonly maxLookahead: number;
}

/**
 * docs/dialects.md §2 ("Closing is structural"): `</parameter>` followed by `<parameter=Q>` for a Q the schema
 * does not name is either a parameter the model made up (a new key, so a file path before it stays clean) or a
 * value that quotes tool-call markup (a model writing a parser test: everything stays in the previous value).
 * Q's value tells them apart: read from `valueStart` (just after Q's opening tag), its first close tag that is
 * not a nested literal's either comes before a structural tag (a key) or before anything else (quoted). Bounded:
 * past `maxLookahead` characters without that close, `undecided`; at the end of the stream, a key (as without
 * the look-ahead). Each call reads the text from `valueStart` again, so the caller holds at most the bound.
 */
export function decideMadeUpKey(
  buffer: string,
  valueStart: number,
  final: boolean,
  tags: MadeUpKeyTags,
): MadeUpKeyDecision {
  const limit = valueStart + tags.maxLookahead;
  let depth = 0;
  let from = valueStart;
  for (;;) {
    const close = buffer.indexOf(tags.closePrefix, from);
    const opener = tags.opener;
    const open = opener === undefined ? -1 : buffer.indexOf(opener, from);
    if (opener !== undefined && open !== -1 && (close === -1 || open < close) && open < limit) {
      depth++;
      from = open + opener.length;
      continue;
    }
    if (close === -1 || close >= limit) {
      if (buffer.length >= limit) return "undecided";
      return final ? "key" : "hold";
    }
    const end = tags.readClose(buffer, close, final);
    if (end === "hold") return "hold";
    if (end === "none") {
      from = close + tags.closePrefix.length;
      continue;
    }
    if (depth > 0) {
      depth--;
      from = end;
      continue;
    }
    const follow = matchFollow(buffer, end, final, tags.maxWhitespace, tags.followers);
    if (follow === "hold") return "hold";
    return follow === "close" ? "key" : "quoted";
  }
}
