/**
 * `idle`: nothing but whitespace yet; `open`: inside the top-level object or array;
 * `complete`: the top-level value closed; `invalid`: the first non-whitespace character
 * cannot start an object or array.
 */
export type JsonScanStatus = "idle" | "open" | "complete" | "invalid";

const OPEN_BRACE = 123; // {
const CLOSE_BRACE = 125; // }
const OPEN_BRACKET = 91; // [
const CLOSE_BRACKET = 93; // ]
const QUOTE = 34; // "
const BACKSLASH = 92; // \

/**
 * A string-aware incremental scanner for one top-level JSON object or array: it answers "is it
 * complete, and where does it end" without parsing, keeping only depth and string state between
 * pushes, so each character is looked at once (a `}` or `</tool_call>` inside a string is data).
 * It checks structure, not grammar: `{"a" 1}` is "complete"; JSON.parse decides validity.
 */
export class JsonScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private state: JsonScanStatus = "idle";

  get status(): JsonScanStatus {
    return this.state;
  }

  /** Ended now, the text would be cut off: inside a string or with unclosed brackets. */
  get truncated(): boolean {
    return this.state === "open";
  }

  reset(): void {
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.state = "idle";
  }

  /**
   * Scans `text` from `from`. Returns the index just after the bracket that closes the top-level
   * value if it closes in this text (scanning stops there), else -1.
   */
  scan(text: string, from = 0): number {
    if (this.state === "complete" || this.state === "invalid") return -1;
    let index = from;
    const length = text.length;
    if (this.state === "idle") {
      while (index < length && isJsonWhitespace(text.charCodeAt(index))) index++;
      if (index === length) return -1;
      const first = text.charCodeAt(index);
      if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
        this.state = "invalid";
        return -1;
      }
      this.state = "open";
      this.depth = 1;
      index++;
    }
    while (index < length) {
      const code = text.charCodeAt(index);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        this.depth++;
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        this.depth--;
        if (this.depth === 0) {
          this.state = "complete";
          return index + 1;
        }
      }
      index++;
    }
    return -1;
  }
}

export function isJsonWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}
