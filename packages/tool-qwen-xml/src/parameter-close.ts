import { PARAMETER_CLOSE_PREFIX } from "./qwen-xml-markers";

export type ParameterCloseMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "none" }
  /** The tag is `buffer[index..end)`; `exact` when it is `</parameter>` itself. */
  | { readonly kind: "tag"; readonly end: number; readonly exact: boolean };

const HOLD_CLOSE: ParameterCloseMatch = { kind: "hold" };
const NO_CLOSE: ParameterCloseMatch = { kind: "none" };

const GREATER_THAN = 62;
const LESS_THAN = 60;
const LINE_FEED = 10;

/**
 * A close-tag candidate at `buffer[index]` (which starts with `</parameter`): `</parameter>`, or a
 * drifted form (t045–t047) — up to `maxDrift` characters, then `>` (included in the tag) or a newline
 * (not included: it is whitespace after the tag). A `<` in the drift means it is not a tag. At the end
 * of the stream a cut-off candidate counts as a tag, so the follow rule still decides.
 */
export function matchParameterClose(
  buffer: string,
  index: number,
  final: boolean,
  maxDrift: number,
): ParameterCloseMatch {
  const from = index + PARAMETER_CLOSE_PREFIX.length;
  const limit = Math.min(buffer.length, from + maxDrift + 1);
  for (let at = from; at < limit; at++) {
    const code = buffer.charCodeAt(at);
    if (code === GREATER_THAN) return { kind: "tag", end: at + 1, exact: at === from };
    if (code === LINE_FEED) return { kind: "tag", end: at, exact: false };
    if (code === LESS_THAN) return NO_CLOSE;
  }
  if (from + maxDrift + 1 <= buffer.length) return NO_CLOSE;
  return final ? { kind: "tag", end: buffer.length, exact: false } : HOLD_CLOSE;
}
