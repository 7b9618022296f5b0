import type { Random } from "./create-random";

/** Qwen's tokenizer has these as single added tokens; everything else is cut into word pieces. */
const SPECIAL_TOKENS = /(<think>|<\/think>|<tool_call>|<\/tool_call>)/;

/** A word with its leading space, a number, a run of punctuation with the newlines after it, whitespace. */
const PIECE = / ?[A-Za-z]+| ?[0-9]{1,3}|[^\sA-Za-z0-9]+\n*|\s+/g;

/**
 * Cuts text into short word pieces the way a BPE tokenizer would, so tags like `<function=Bash>` arrive
 * as `<`, `fun`, `ction`, `=`, `Bash`, `>\n` and parsers must hold across chunks. Lossless: the
 * pieces join back to the text.
 */
export function splitIntoTokens(text: string, random: Random): string[] {
  const tokens: string[] = [];
  // split() with a capturing group alternates: text, special token, text, …
  text.split(SPECIAL_TOKENS).forEach((part, index) => {
    if (part === "") return;
    if (index % 2 === 1) tokens.push(part);
    else for (const match of part.matchAll(PIECE)) cutLongPiece(match[0], random, tokens);
  });
  return tokens;
}

function cutLongPiece(piece: string, random: Random, tokens: string[]): void {
  // Code points, so a cut never splits a surrogate pair.
  const characters = Array.from(piece);
  const isWord = /^ ?[A-Za-z]/.test(piece);
  // Common words are whole tokens in a BPE vocabulary; long or rare ones come in a few pieces.
  const longest = isWord ? 8 : 2;
  if (characters.length <= longest || /^\s+$/.test(piece)) {
    tokens.push(piece);
    return;
  }
  let start = 0;
  while (start < characters.length) {
    const length = isWord ? random.int(3, 6) : random.int(1, 2);
    tokens.push(characters.slice(start, start + length).join(""));
    start += length;
  }
}
