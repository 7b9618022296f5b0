import { ParameterValue, type ValueNewlines, type ValueOutput } from "./parameter-value";
import { isNullLiteral } from "./value-typing";

/**
 * The value's source is emitted as markup in blocks of this many characters, always right after the
 * delta that completes a block: the order of deltas and markup is then the same in every chunking
 * (docs/architecture.md I3), while the held copy stays bounded.
 */
export const MARKUP_BLOCK_LENGTH = 512;

/**
 * A string-typed value streamed live (docs/dialects.md §2, Streaming): `"P": "` when the tag is complete, then
 * JSON-escaped fragments as the text arrives, then `"` at the close. Held back: the trailing newline
 * (see ParameterValue), a high surrogate whose pair may follow (an escaped half would make the
 * fragments depend on the chunking), and — for a nullable schema — a value that may still be exactly
 * `null`/`None` (t020, t021), whose opening quote waits until it cannot.
 */
export class StringValueStream extends ParameterValue {
  // Value text already sent as deltas, not yet as markup.
  private block = "";
  private highSurrogate = "";
  // Nullable schema: the value so far while it is a prefix of `null` or `None`; undefined once a string.
  private nullLiteral: string | undefined;

  constructor(
    output: ValueOutput,
    prefix: string,
    nullable: boolean,
    newlines: ValueNewlines = "one-newline",
  ) {
    super(output, newlines);
    if (nullable) {
      this.nullLiteral = "";
      output.delta(prefix);
    } else {
      output.delta(`${prefix}"`);
    }
  }

  protected accept(text: string): void {
    let body = text;
    if (this.highSurrogate.length > 0) {
      body = this.highSurrogate + body;
      this.highSurrogate = "";
    }
    const last = body.charCodeAt(body.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.highSurrogate = body.slice(-1);
      body = body.slice(0, -1);
    }
    if (body.length > 0) this.stream(body);
  }

  protected finish(): void {
    if (this.highSurrogate.length > 0) {
      const lone = this.highSurrogate;
      this.highSurrogate = "";
      this.stream(lone);
    }
    if (this.nullLiteral !== undefined) {
      const raw = this.nullLiteral;
      this.output.delta(isNullLiteral(raw) ? "null" : JSON.stringify(raw));
      if (raw.length > 0) this.output.markup(raw);
      return;
    }
    this.output.delta('"');
    if (this.block.length > 0) this.output.markup(this.block);
    this.block = "";
  }

  protected takeHeldSource(): string {
    // In source order: a null-literal prefix and the block never coexist (the block starts once the value is
    // a string), and a held high surrogate came after either.
    const held = (this.nullLiteral ?? "") + this.block + this.highSurrogate;
    this.block = "";
    this.highSurrogate = "";
    this.nullLiteral = undefined;
    return held;
  }

  protected heldValueLength(): number {
    return this.block.length + this.highSurrogate.length + (this.nullLiteral?.length ?? 0);
  }

  private stream(text: string): void {
    let rest = text;
    if (this.nullLiteral !== undefined) {
      const candidate = this.nullLiteral + text;
      if (isNullLiteralPrefix(candidate)) {
        this.nullLiteral = candidate;
        return;
      }
      this.nullLiteral = undefined;
      this.output.delta('"');
      rest = candidate;
    }
    let offset = 0;
    while (rest.length - offset >= MARKUP_BLOCK_LENGTH - this.block.length) {
      const end = offset + MARKUP_BLOCK_LENGTH - this.block.length;
      const piece = rest.slice(offset, end);
      this.output.delta(escapeJsonString(piece));
      this.output.markup(this.block + piece);
      this.block = "";
      offset = end;
    }
    if (offset < rest.length) {
      const piece = offset === 0 ? rest : rest.slice(offset);
      this.output.delta(escapeJsonString(piece));
      this.block += piece;
    }
  }
}

function isNullLiteralPrefix(text: string): boolean {
  return "null".startsWith(text) || "None".startsWith(text);
}

// What JSON.stringify would escape: quote, backslash, control characters, (lone) surrogates.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function escapeJsonString(text: string): string {
  // Most fragments are plain text: skip the two allocations of stringify + slice.
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text).slice(1, -1) : text;
}
