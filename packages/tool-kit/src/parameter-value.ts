/** Where a value writer sends what it produces; the dialect's parser stamps the call index on deltas. */
export interface ValueOutput {
  delta(argumentsJson: string): void;
  markup(text: string): void;
  warning(code: string, message: string, raw: string): void;
}

const LINE_FEED = 10;
const GREATER_THAN = 62;

/**
 * How the raw text around a value is read: `one-newline` (qwen_xml, docs/dialects.md §2) makes exactly one
 * leading and one trailing `\n` markup; `exact` keeps every character (formats whose tags hug the value).
 */
export type ValueNewlines = "one-newline" | "exact";

/**
 * One parameter value's raw text, fed in order, with the dialect's newline rule applied. Under
 * `one-newline` the trailing `\n` is held (one character) until more value text shows it was not the last.
 */
export abstract class ParameterValue {
  private readonly keepNewlines: boolean;
  private started: boolean;
  private pendingNewline = false;
  // The `>` of the opening tag: the value does not start a line unless a newline follows.
  private lastCode = GREATER_THAN;

  constructor(
    protected readonly output: ValueOutput,
    newlines: ValueNewlines = "one-newline",
  ) {
    this.keepNewlines = newlines === "exact";
    // `exact`: nothing to strip, as if the start were already past.
    this.started = this.keepNewlines;
  }

  /** Whether the value's source so far ends a line (a structural `<parameter=` may close it there). */
  get atLineStart(): boolean {
    return this.lastCode === LINE_FEED;
  }

  /** Characters received but not yet emitted in any form. */
  get heldLength(): number {
    return (this.pendingNewline ? 1 : 0) + this.heldValueLength();
  }

  append(text: string): void {
    const length = text.length;
    if (length === 0) return;
    this.lastCode = text.charCodeAt(length - 1);
    let start = 0;
    if (!this.started) {
      this.started = true;
      if (text.charCodeAt(0) === LINE_FEED) {
        this.output.markup("\n");
        start = 1;
        if (length === 1) return;
      }
    }
    if (this.keepNewlines) {
      this.accept(text);
      return;
    }
    const endsWithNewline = this.lastCode === LINE_FEED;
    const end = endsWithNewline ? length - 1 : length;
    let body = start === 0 && end === length ? text : text.slice(start, end);
    if (this.pendingNewline) body = `\n${body}`;
    this.pendingNewline = endsWithNewline;
    if (body.length > 0) this.accept(body);
  }

  /** The value is complete: emit what remains, then the stripped trailing newline as markup. */
  close(): void {
    this.finish();
    if (this.pendingNewline) this.output.markup("\n");
    this.pendingNewline = false;
  }

  /**
   * The stream ended inside the value, so its call is cut (docs/dialects.md §2): nothing more goes out as
   * arguments — no closing quote, no typed text, which would be a guess — and what the value holds goes out
   * as markup, so no character is lost.
   */
  cut(): void {
    const held = this.takeHeldSource() + (this.pendingNewline ? "\n" : "");
    this.pendingNewline = false;
    if (held.length > 0) this.output.markup(held);
  }

  /** Value text, in order, newlines already settled. */
  protected abstract accept(text: string): void;
  /** Emit the rest of the value's arguments JSON and the markup of its text. */
  protected abstract finish(): void;
  /** The value's source not yet emitted as markup, in order, given up (the call was cut). */
  protected abstract takeHeldSource(): string;
  protected abstract heldValueLength(): number;
}
