import { type NameMatch, readName } from "@sluice/tool-kit";

export type TagNameMatch = NameMatch;

const LINE_FEED = 10;

/**
 * Reads NAME of `<function=NAME>` / `<parameter=NAME>` starting at `from`, up to and including its `>`.
 * A function name is non-empty and has no whitespace and none of `{ } < " '` (a Jinja phantom
 * `<function={{ tc.name }}>` is not a call, t033; `<function=bad` + newline is not one either, t035).
 * A parameter name is non-empty and has no newline. Both are at most `maxLength` characters.
 * Undecided (the buffer ends first) → hold, or invalid when `final`.
 */
export function readTagName(
  buffer: string,
  from: number,
  final: boolean,
  maxLength: number,
  kind: "function" | "parameter",
): TagNameMatch {
  return readName(buffer, from, final, {
    terminator: ">",
    maxLength,
    forbidden: kind === "function" ? isForbiddenInFunctionName : isLineFeed,
  });
}

function isLineFeed(code: number): boolean {
  return code === LINE_FEED;
}

function isForbiddenInFunctionName(code: number): boolean {
  switch (code) {
    case 9: // \t
    case 10: // \n
    case 11: // \v
    case 12: // \f
    case 13: // \r
    case 32: // space
    case 34: // "
    case 39: // '
    case 60: // <
    case 123: // {
    case 125: // }
    case 0xa0: // no-break space
      return true;
    default:
      return false;
  }
}
