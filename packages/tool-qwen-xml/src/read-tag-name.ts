export type TagNameMatch =
  | { readonly kind: "hold" }
  | { readonly kind: "invalid" }
  | { readonly kind: "name"; readonly name: string; readonly end: number };

const HOLD_NAME: TagNameMatch = { kind: "hold" };
const INVALID_NAME: TagNameMatch = { kind: "invalid" };

const GREATER_THAN = 62;
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
  const limit = Math.min(buffer.length, from + maxLength + 1);
  for (let index = from; index < limit; index++) {
    const code = buffer.charCodeAt(index);
    if (code === GREATER_THAN) {
      return index === from
        ? INVALID_NAME
        : { kind: "name", name: buffer.slice(from, index), end: index + 1 };
    }
    if (kind === "function" ? isForbiddenInFunctionName(code) : code === LINE_FEED) return INVALID_NAME;
  }
  if (from + maxLength + 1 <= buffer.length) return INVALID_NAME;
  return final ? INVALID_NAME : HOLD_NAME;
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
