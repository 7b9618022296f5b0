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
  return new JoinedText(initial);
}

// A class, not an object literal: a literal with a getter is a dictionary-mode object in V8, whose every
// property read (`append` too) is a hash lookup; with one per block of every stream, that was measurable.
class JoinedText implements TextAccumulator {
  // Flat strings of up to PIECES_PER_JOIN pieces each, then the pieces not joined yet.
  private readonly joined: string[];
  private pieces: string[] = [];
  private characters: number;

  constructor(initial: string) {
    this.joined = initial === "" ? [] : [initial];
    this.characters = initial.length;
  }

  append(piece: string): void {
    if (piece === "") return;
    this.pieces.push(piece);
    this.characters += piece.length;
    if (this.pieces.length === PIECES_PER_JOIN) {
      this.joined.push(this.pieces.join(""));
      this.pieces = [];
    }
  }

  get length(): number {
    return this.characters;
  }

  text(): string {
    const { joined, pieces } = this;
    if (joined.length + pieces.length <= 1) return joined[0] ?? pieces[0] ?? "";
    const whole = joined.join("") + pieces.join("");
    joined.length = 0;
    joined.push(whole);
    this.pieces = [];
    return whole;
  }
}
