import { type NameMatch, readName } from "@sluice/tool-kit";

const DOUBLE_QUOTE = 34;
const SINGLE_QUOTE = 39;
const LESS_THAN = 60;
const GREATER_THAN = 62;

/**
 * Reads N of `<invoke name=N>` / `<parameter name=N>` from `from` (just after `name=`) up to and including
 * the tag's `>`: `"N"`, `'N'` or a bare N, as the vLLM engine and MiniMax's reference parser accept
 * (docs/dialects.md §3, `minimax_m2`; d134 cuts the chunk right before the quote). An invoke name has no
 * whitespace and none of `< > { }` (a Jinja phantom such as `{{ tool.name }}` is no call); a parameter
 * name has no newline and no `<`. Both are non-empty and at most `maxLength` characters. Undecided →
 * hold, or invalid when `final`.
 */
export function readAttributeName(
  buffer: string,
  from: number,
  final: boolean,
  maxLength: number,
  kind: "invoke" | "parameter",
): NameMatch {
  if (from >= buffer.length) return final ? { kind: "invalid" } : { kind: "hold" };
  const forbidden = kind === "invoke" ? isForbiddenInInvokeName : isForbiddenInParameterName;
  const quote = buffer.charCodeAt(from);
  if (quote === DOUBLE_QUOTE || quote === SINGLE_QUOTE) {
    const quoteCharacter = String.fromCharCode(quote);
    return readName(buffer, from + 1, final, {
      terminator: `${quoteCharacter}>`,
      maxLength,
      forbidden: (code) => code === quote || forbidden(code),
    });
  }
  // Bare: the name ends at `>`, so it holds neither a quote nor whitespace.
  return readName(buffer, from, final, {
    terminator: ">",
    maxLength,
    forbidden: (code) =>
      code === DOUBLE_QUOTE || code === SINGLE_QUOTE || isWhitespace(code) || forbidden(code),
  });
}

function isForbiddenInInvokeName(code: number): boolean {
  switch (code) {
    case LESS_THAN:
    case GREATER_THAN:
    case 123: // {
    case 125: // }
      return true;
    default:
      return isWhitespace(code);
  }
}

function isForbiddenInParameterName(code: number): boolean {
  return code === LESS_THAN || code === 10;
}

function isWhitespace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0;
}
