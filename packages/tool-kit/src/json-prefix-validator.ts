import { isJsonWhitespace, MAX_JSON_DEPTH } from "@sluice/core";

/** `open`: a valid prefix so far; `complete`: the top-level object closed; `broken`: not strict JSON. */
export type JsonPrefixStatus = "open" | "complete" | "broken";

// Where the validator is in the grammar.
const BEFORE_OBJECT = 0;
const KEY_OR_CLOSE = 1; // after `{`
const KEY = 2; // after `,` in an object
const IN_KEY = 3;
const COLON = 4;
const VALUE = 5; // after `:`, or after `,` in an array
const VALUE_OR_CLOSE = 6; // after `[`
const IN_STRING = 7;
const IN_NUMBER = 8;
const IN_LITERAL = 9;
const AFTER_VALUE = 10;
const COMPLETE = 11;
const BROKEN = 12;

// Number phases (RFC 8259 §6): which characters may come next.
const NUMBER_SIGN = 0; // `-`: a digit
const NUMBER_ZERO = 1; // a leading `0`: `.`, `e`, or the end
const NUMBER_INTEGER = 2;
const NUMBER_DOT = 3; // `.`: a digit
const NUMBER_FRACTION = 4;
const NUMBER_EXPONENT = 5; // `e`: a sign or a digit
const NUMBER_EXPONENT_SIGN = 6; // a digit
const NUMBER_EXPONENT_DIGITS = 7;

// An escape: none, just after `\`, or how many hex digits of `\uXXXX` are still due.
const NO_ESCAPE = -1;
const AFTER_BACKSLASH = 0;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON_CODE = 58;
const MINUS = 45;
const ZERO = 48;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * A strict JSON validator for one top-level object, fed in pieces: each character is looked at once, and
 * between pieces it keeps only its grammar state (the open containers, where it is in a string, number or
 * literal). Besides valid / complete / broken it answers the question a live stream needs: up to where is
 * the text a JSON prefix that a fixed suffix can close (`closableEnd`, `closingSuffix`)? That point moves:
 * - into a string value as its characters arrive (never inside an escape or between a surrogate pair's halves);
 * - past a number or literal once it is complete, past `{`, `[`, `}`, `]` at once;
 * - never past a comma, a key or a colon alone (they wait for the value that follows), nor past a string's
 *   closing quote until a `,` or a closer confirms it (jsonrepair may read an unescaped `"` inside the text
 *   as data: `"say "hi" now"`).
 * Offsets count every character given to `scan`, from the first.
 */
export class JsonPrefixValidator {
  private state = BEFORE_OBJECT;
  // The closers of the open containers, innermost last.
  private readonly closers: number[] = [];
  private escape = NO_ESCAPE;
  private numberPhase = NUMBER_SIGN;
  private literal = "";
  private literalMatched = 0;
  // The string value before AFTER_VALUE ended with a quote that no `,` or closer has confirmed yet.
  private quotePending = false;
  private closableInString = false;
  // Offset of text[0] in the current scan: an index plus this is an offset.
  private shift = 0;
  private consumed = 0;
  private start = -1;
  private closable = 0;

  get status(): JsonPrefixStatus {
    return this.state === COMPLETE ? "complete" : this.state === BROKEN ? "broken" : "open";
  }

  /** Offset of the top-level `{`; -1 before it. */
  get objectStart(): number {
    return this.start;
  }

  /** The text from `objectStart` up to this offset is a JSON prefix that `closingSuffix` closes. */
  get closableEnd(): number {
    return this.closable;
  }

  /** What closes the text up to `closableEnd`: a quote when it ends inside a string value, then the closers. */
  get closingSuffix(): string {
    let suffix = this.closableInString ? '"' : "";
    for (let index = this.closers.length - 1; index >= 0; index--)
      suffix += String.fromCharCode(this.closers[index] as number);
    return suffix;
  }

  /**
   * Reads `text` from `from`. Returns where it stopped: `text.length`, just after the brace that closes the
   * top-level object (`complete`), or at the first character that is not strict JSON (`broken`, that
   * character not consumed). Once complete or broken it reads nothing more.
   */
  scan(text: string, from = 0): number {
    let index = from;
    const length = text.length;
    this.shift = this.consumed - from;
    while (index < length && this.state !== COMPLETE && this.state !== BROKEN) {
      index =
        this.state === IN_STRING || this.state === IN_KEY
          ? this.scanString(text, index)
          : this.scanStructure(text, index);
    }
    this.consumed += index - from;
    return index;
  }

  /** One character outside strings; returns where to go on (`index` itself when it only ended a number). */
  private scanStructure(text: string, index: number): number {
    const code = text.charCodeAt(index);
    const at = index + this.shift;
    switch (this.state) {
      case BEFORE_OBJECT:
        if (isJsonWhitespace(code)) return index + 1;
        if (code !== OPEN_BRACE) return this.break(index);
        this.start = at;
        this.closers.push(CLOSE_BRACE);
        this.state = KEY_OR_CLOSE;
        this.markClosable(at + 1, false);
        return index + 1;
      case KEY_OR_CLOSE:
        if (isJsonWhitespace(code)) {
          this.markClosable(at + 1, false);
          return index + 1;
        }
        if (code === CLOSE_BRACE) return this.closeContainer(code, index, at);
        if (code !== QUOTE) return this.break(index);
        this.state = IN_KEY;
        return index + 1;
      case KEY:
        if (isJsonWhitespace(code)) return index + 1;
        if (code !== QUOTE) return this.break(index);
        this.state = IN_KEY;
        return index + 1;
      case COLON:
        if (isJsonWhitespace(code)) return index + 1;
        if (code !== COLON_CODE) return this.break(index);
        this.state = VALUE;
        return index + 1;
      case VALUE:
        if (isJsonWhitespace(code)) return index + 1;
        return this.startValue(code, index, at);
      case VALUE_OR_CLOSE:
        if (isJsonWhitespace(code)) {
          this.markClosable(at + 1, false);
          return index + 1;
        }
        if (code === CLOSE_BRACKET) return this.closeContainer(code, index, at);
        return this.startValue(code, index, at);
      case IN_NUMBER:
        return this.scanNumber(code, index, at);
      case IN_LITERAL:
        if (code !== this.literal.charCodeAt(this.literalMatched)) return this.break(index);
        this.literalMatched++;
        if (this.literalMatched === this.literal.length) this.endValue(at + 1);
        return index + 1;
      default:
        return this.scanAfterValue(code, index, at);
    }
  }

  private scanAfterValue(code: number, index: number, at: number): number {
    if (isJsonWhitespace(code)) {
      // Whitespace after a confirmed value keeps the prefix closable; after an unconfirmed quote it waits.
      if (!this.quotePending) this.markClosable(at + 1, false);
      return index + 1;
    }
    if (code === CLOSE_BRACE || code === CLOSE_BRACKET) return this.closeContainer(code, index, at);
    if (code !== COMMA) return this.break(index);
    // The quote (and whitespace) before the comma is confirmed; the comma waits for the next member.
    if (this.quotePending) this.markClosable(at, false);
    this.quotePending = false;
    this.state = this.closers[this.closers.length - 1] === CLOSE_BRACE ? KEY : VALUE;
    return index + 1;
  }

  private startValue(code: number, index: number, at: number): number {
    if (code === QUOTE) {
      this.state = IN_STRING;
      this.markClosable(at + 1, true);
      return index + 1;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      // Deeper than anything may walk afterwards: not accepted as it stands (core's MAX_JSON_DEPTH).
      if (this.closers.length >= MAX_JSON_DEPTH) return this.break(index);
      this.closers.push(code === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET);
      this.state = code === OPEN_BRACE ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
      this.markClosable(at + 1, false);
      return index + 1;
    }
    if (code === MINUS || isDigit(code)) {
      this.state = IN_NUMBER;
      this.numberPhase = code === MINUS ? NUMBER_SIGN : code === ZERO ? NUMBER_ZERO : NUMBER_INTEGER;
      return index + 1;
    }
    // t, f, n
    const literal = code === 116 ? "true" : code === 102 ? "false" : code === 110 ? "null" : undefined;
    if (literal === undefined) return this.break(index);
    this.state = IN_LITERAL;
    this.literal = literal;
    this.literalMatched = 1;
    return index + 1;
  }

  private scanNumber(code: number, index: number, at: number): number {
    const digit = isDigit(code);
    const exponent = code === 101 || code === 69; // e E
    switch (this.numberPhase) {
      case NUMBER_SIGN:
        if (!digit) return this.break(index);
        this.numberPhase = code === ZERO ? NUMBER_ZERO : NUMBER_INTEGER;
        return index + 1;
      case NUMBER_DOT:
        if (!digit) return this.break(index);
        this.numberPhase = NUMBER_FRACTION;
        return index + 1;
      case NUMBER_EXPONENT:
        if (code === 43 || code === MINUS)
          this.numberPhase = NUMBER_EXPONENT_SIGN; // + -
        else if (digit) this.numberPhase = NUMBER_EXPONENT_DIGITS;
        else return this.break(index);
        return index + 1;
      case NUMBER_EXPONENT_SIGN:
        if (!digit) return this.break(index);
        this.numberPhase = NUMBER_EXPONENT_DIGITS;
        return index + 1;
      default: {
        // A complete number so far (0, integer, fraction, exponent digits): it may go on or end here.
        const phase = this.numberPhase;
        if (digit && phase !== NUMBER_ZERO) return index + 1;
        if (code === 46 && (phase === NUMBER_ZERO || phase === NUMBER_INTEGER)) {
          // .
          this.numberPhase = NUMBER_DOT;
          return index + 1;
        }
        if (exponent && phase !== NUMBER_EXPONENT_DIGITS) {
          this.numberPhase = NUMBER_EXPONENT;
          return index + 1;
        }
        // The number ended before this character, which the state after the value reads.
        this.endValue(at);
        return index;
      }
    }
  }

  /** A run of string characters (key or value); returns where it stopped. */
  private scanString(text: string, from: number): number {
    const inValue = this.state === IN_STRING;
    const length = text.length;
    const base = this.shift;
    let index = from;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (this.escape !== NO_ESCAPE) {
        if (this.escape === AFTER_BACKSLASH) {
          if (code === 117)
            this.escape = 4; // \u: four hex digits follow
          else if (isSimpleEscape(code)) this.escape = NO_ESCAPE;
          else return this.break(index);
        } else {
          if (!isHexDigit(code)) return this.break(index);
          this.escape = this.escape === 1 ? NO_ESCAPE : this.escape - 1;
        }
        index++;
        if (inValue && this.escape === NO_ESCAPE) this.markClosable(base + index, true);
        continue;
      }
      if (code === QUOTE) {
        if (inValue) {
          this.state = AFTER_VALUE;
          this.quotePending = true;
        } else {
          this.state = COLON;
        }
        return index + 1;
      }
      if (code === BACKSLASH) {
        this.escape = AFTER_BACKSLASH;
        index++;
        continue;
      }
      // Raw control characters are not allowed in JSON strings (a raw newline, say).
      if (code < 0x20) return this.break(index);
      index++;
      // A high surrogate waits for its pair: the prefix never ends between the two halves.
      if (inValue && (code < 0xd800 || code > 0xdbff)) this.markClosable(base + index, true);
    }
    return index;
  }

  private closeContainer(code: number, index: number, at: number): number {
    if (this.closers[this.closers.length - 1] !== code) return this.break(index);
    this.closers.pop();
    this.quotePending = false;
    this.markClosable(at + 1, false);
    this.state = this.closers.length === 0 ? COMPLETE : AFTER_VALUE;
    return index + 1;
  }

  private endValue(end: number): void {
    this.state = AFTER_VALUE;
    this.quotePending = false;
    this.markClosable(end, false);
  }

  private markClosable(end: number, inString: boolean): void {
    this.closable = end;
    this.closableInString = inString;
  }

  private break(index: number): number {
    this.state = BROKEN;
    return index;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 97 && code <= 102) || (code >= 65 && code <= 70);
}

function isSimpleEscape(code: number): boolean {
  // " \ / b f n r t
  return (
    code === QUOTE ||
    code === BACKSLASH ||
    code === 47 ||
    code === 98 ||
    code === 102 ||
    code === 110 ||
    code === 114 ||
    code === 116
  );
}
