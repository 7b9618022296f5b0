/**
 * Text appended piece by piece (a block's deltas, folded into one answer), held in about its own size.
 * `text += piece` builds a rope that V8 keeps as one node per piece: for token-sized pieces that is eight
 * times the text or more (16 MiB of text in 4-character pieces held 128 MiB). Here pieces are joined into
 * flat strings every PIECES_PER_JOIN appends, and the joined parts once more when the text is read.
 */
export interface TextAccumulator {
  append(piece: string): void;
  /** Characters (UTF-16 code units) appended so far. */
  readonly length: number;
  /** The text so far as one flat string; appending may go on after it. */
  text(): string;
}

const PIECES_PER_JOIN = 256;

export function createTextAccumulator(initial = ""): TextAccumulator {
  // Flat strings of up to PIECES_PER_JOIN pieces each, then the pieces not joined yet.
  const joined: string[] = initial === "" ? [] : [initial];
  let pieces: string[] = [];
  let length = initial.length;
  return {
    append(piece) {
      if (piece === "") return;
      pieces.push(piece);
      length += piece.length;
      if (pieces.length === PIECES_PER_JOIN) {
        joined.push(pieces.join(""));
        pieces = [];
      }
    },
    get length() {
      return length;
    },
    text() {
      if (joined.length + pieces.length <= 1) return joined[0] ?? pieces[0] ?? "";
      const whole = joined.join("") + pieces.join("");
      joined.length = 0;
      joined.push(whole);
      pieces = [];
      return whole;
    },
  };
}
