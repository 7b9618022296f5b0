import type { Segment, SegmentSink, ToolParser, ToolParserContext } from "@sluice/core";
import { MARKUP_BLOCK_LENGTH, TextAfterCalls } from "@sluice/tool-kit";
import { DEFAULT_GEMMA4_LIMITS, type Gemma4Limits } from "./gemma4-limits";
import { CALL_CLOSE, CALL_OPEN, CHANNEL_CLOSE, FRAGMENT_OPEN, QUOTE, TURN_END } from "./gemma4-markers";
import {
  type HeaderForm,
  isNameCharacter,
  isWhitespace,
  matchLiteral,
  readCallHeader,
} from "./read-call-header";

const DIALECT = "gemma4";
const HOLD = -1;

/**
 * Where the parser is: outside calls (`text`); inside a call's arguments expecting a key (`key`), the `:` after
 * one (`colon`), a value (`value`), or what follows a value (`after-value`); inside a string (`string`, or a
 * delimited key: `key-string`); at a bare value not yet decided (`bare`); after the arguments' closing `}`
 * (`after-args`, where the close marker belongs); skipping the rest of a call that was cut (`discard`).
 */
type Mode =
  | "text"
  | "key"
  | "key-string"
  | "colon"
  | "value"
  | "string"
  | "bare"
  | "after-value"
  | "after-args"
  | "discard";

interface Container {
  readonly kind: "object" | "array";
  /** Members written so far: from the second on, `, ` goes first. */
  count: number;
  /** An object's keys so far: a repeated one is not written again (no duplicate keys). */
  readonly keys: Set<string> | undefined;
}

type MarkerMatch = { readonly marker: string } | "partial" | "none";

const TEXT_MARKERS = [CALL_OPEN, CHANNEL_CLOSE, FRAGMENT_OPEN, TURN_END];
const CALL_MARKERS = [QUOTE, CALL_CLOSE, TURN_END, CALL_OPEN];
const CLOSE_MARKERS = [CALL_CLOSE, TURN_END];

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * The `gemma4` parser (docs/dialects.md §3): a synchronous state machine that turns Gemma 4's call syntax into
 * JSON arguments as it streams.
 * - A call starts at `<|tool_call>` + `call:NAME{` (a stray `:` after the opener is accepted; explicit, so it
 *   also ends open reasoning), and in content only at `<call>NAME{` or at a bare `call:NAME{` right after the
 *   thought channel's `<channel|>`. Anything else is text, lossless.
 * - Values are typed by their own syntax: `<|"|>…<|"|>` a string (no escaping inside: escaped for JSON here and
 *   streamed live), a bare number, `true` / `false` / `null`, `{…}` and `[…]` nested. Keys are bare (or
 *   delimited). A bare word that is no literal is held (bounded): if a `<|"|>` closes it, it was a string whose
 *   opening delimiter the model left out (commas inside it included); otherwise it is the string up to its first
 *   `,` / `}` / `]`.
 * - A call is complete at its arguments' closing `}`; `<tool_call|>` or `<turn|>` after it is its markup (its
 *   absence after a `<|tool_call>` call says `gemma4.missing_call_end`). A close marker, a new opener or the end of
 *   the stream inside the arguments cuts the call (nothing closes it by a guess).
 * - A `<turn|>` outside calls followed only by whitespace up to the end is markup; with text after it, text.
 * The parser writes the JSON itself, so the arguments are always a valid JSON prefix. It holds at most a marker's
 * prefix, a header, a key or one undecided bare value, each bounded by the limits.
 */
export class Gemma4ToolParser implements ToolParser {
  private buffer = "";
  private mode: Mode = "text";
  private readonly stack: Container[] = [];
  private callIndex = -1;
  private callName = "";
  // Whether the open call came with `<|tool_call>`, which promises a close marker.
  private explicit = false;
  private key = "";
  // In `bare`: how far the held value has been examined, and where its first `,` / `}` / `]` was (-1: none).
  private bareSeen = 0;
  private bareTerminator = -1;
  private strayWarned = false;
  // Whether the text passed on so far ends a line (or none was): a bare `call:` may start a call here.
  private lineStart = true;
  // The depth of the object whose repeated key's value is being read: nothing is written until it ends (0: none).
  private mutedAt = 0;
  private heldMarkup = "";
  // The open string's source sent as deltas, not yet as markup (stringText).
  private block = "";
  private readonly outside: TextAfterCalls;
  private readonly emit: SegmentSink = (segment) => {
    this.flushMarkup();
    this.sink(segment);
  };

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    private readonly limits: Gemma4Limits = DEFAULT_GEMMA4_LIMITS,
  ) {
    this.outside = new TextAfterCalls(this.emit);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return this.buffer.length + this.outside.heldLength;
  }

  push(text: string): void {
    if (text.length === 0) return;
    this.buffer = this.buffer.length === 0 ? text : this.buffer + text;
    this.scan(false);
  }

  end(): void {
    this.scan(true);
    if (this.inArguments()) this.cut("unterminated_call", "the stream ended inside call");
    else if (this.mode === "after-args") this.afterCallWithoutClose();
    this.outside.end();
    this.flushMarkup();
  }

  private scan(final: boolean): void {
    const text = this.buffer;
    let position = 0;
    while (position < text.length) {
      const next = this.step(text, position, final);
      if (next === HOLD) break;
      position = next;
    }
    this.buffer = position === 0 ? text : text.slice(position);
    this.flushMarkup();
  }

  private step(text: string, at: number, final: boolean): number {
    switch (this.mode) {
      case "text":
        return this.textStep(text, at, final);
      case "key":
        return this.keyStep(text, at, final);
      case "key-string":
        return this.keyStringStep(text, at, final);
      case "colon":
        return this.colonStep(text, at, final);
      case "value":
        return this.valueStep(text, at, final);
      case "string":
        return this.stringStep(text, at, final);
      case "bare":
        return this.bareStep(text, at, final);
      case "after-value":
        return this.afterValueStep(text, at, final);
      case "after-args":
        return this.afterArgsStep(text, at, final);
      case "discard":
        return this.discardStep(text, at, final);
    }
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private textStep(text: string, at: number, final: boolean): number {
    if (this.lineStart && text.charCodeAt(at) === LOWER_C && this.context.callStartPolicy() === "all") {
      // vLLM's fallback tier: a bare `call:NAME{` at the start of a line (or of the answer) in content.
      const header = readCallHeader(text, at, "line", final, this.limits);
      if (header.kind === "hold") return HOLD;
      if (header.kind === "call") {
        this.startCall(header.name, text.slice(at, header.end), false);
        return header.end;
      }
    }
    const lt = text.indexOf("<", at);
    // Text goes out line by line, so that the start of each line can be looked at.
    const newline = text.indexOf("\n", at);
    const end = newline !== -1 && (lt === -1 || newline < lt) ? newline + 1 : lt;
    if (end === -1) {
      this.passText(text.slice(at));
      return text.length;
    }
    if (end > at) {
      this.passText(text.slice(at, end));
      return end;
    }
    const match = matchMarker(text, at, TEXT_MARKERS);
    if (match === "partial" && !final) return HOLD;
    if (typeof match === "string") {
      this.passText("<");
      return at + 1;
    }
    const { marker } = match;
    const after = at + marker.length;
    if (marker === TURN_END) return this.turnEnd(text, at, final);
    const form: HeaderForm = marker === CALL_OPEN ? "opener" : marker === FRAGMENT_OPEN ? "fragment" : "bare";
    const header = readCallHeader(text, after, form, final, this.limits);
    if (header.kind === "hold") return HOLD;
    if (marker === CHANNEL_CLOSE) {
      // The channel's close is the reasoning dialect's: it goes on as text, and a bare call may follow it.
      this.passText(marker);
      if (header.kind === "none" || this.context.callStartPolicy() !== "all") return after;
      this.startCall(header.name, text.slice(after, header.end), false);
      return header.end;
    }
    const policy = this.context.callStartPolicy();
    const allowed = marker === CALL_OPEN ? policy !== "none" : policy === "all";
    if (header.kind === "none" || !allowed) {
      this.passText(marker);
      return after;
    }
    this.startCall(header.name, text.slice(at, header.end), marker === CALL_OPEN);
    return header.end;
  }

  /** `<turn|>` outside calls: markup when only whitespace follows it to the end of the stream, else text. */
  private turnEnd(text: string, at: number, final: boolean): number {
    let index = at + TURN_END.length;
    while (index < text.length && isWhitespace(text.charCodeAt(index))) index++;
    if (index === text.length && index - at - TURN_END.length <= this.limits.maxWhitespace) {
      if (!final) return HOLD;
      this.markup(this.outside.takeHeld() + text.slice(at));
      return text.length;
    }
    this.passText(TURN_END);
    return at + TURN_END.length;
  }

  private passText(text: string): void {
    this.lineStart = text.charCodeAt(text.length - 1) === NEWLINE;
    this.outside.text(text);
  }

  private startCall(name: string, source: string, explicit: boolean): void {
    this.callIndex = this.context.allocateCallIndex();
    this.callName = name;
    this.explicit = explicit;
    this.strayWarned = false;
    const separator = this.outside.callStarts();
    this.mutedAt = 0;
    this.emit({ type: "tool-call-start", callIndex: this.callIndex, name });
    this.markup(separator + source);
    this.delta("{");
    this.stack.length = 0;
    this.stack.push({ kind: "object", count: 0, keys: new Set() });
    this.mode = "key";
  }

  // ── inside the arguments ────────────────────────────────────────────────────

  private keyStep(text: string, at: number, final: boolean): number {
    const code = text.charCodeAt(at);
    if (isWhitespace(code) || code === COMMA) {
      this.markup(text[at] as string);
      return at + 1;
    }
    if (code === CLOSE_BRACE) return this.closeContainer("object", at);
    if (code === LESS_THAN) {
      const match = matchMarker(text, at, CALL_MARKERS);
      if (match === "partial" && !final) return HOLD;
      if (typeof match !== "string") {
        if (match.marker === QUOTE) {
          this.markup(QUOTE);
          this.key = "";
          this.mode = "key-string";
          return at + QUOTE.length;
        }
        return this.markerInArguments(match.marker, at);
      }
      return this.stray(text, at);
    }
    if (!isNameCharacter(code)) return this.stray(text, at);
    let index = at;
    while (index < text.length && isNameCharacter(text.charCodeAt(index))) {
      if (index - at >= this.limits.maxNameLength) return this.stray(text, at);
      index++;
    }
    if (index === text.length && !final) return HOLD;
    this.key = text.slice(at, index);
    this.markup(this.key);
    this.mode = "colon";
    return index;
  }

  private keyStringStep(text: string, at: number, final: boolean): number {
    const end = text.indexOf(QUOTE, at);
    if (end === -1) {
      if (text.length - at > this.limits.maxNameLength) {
        // Not a key: what it held is stray text of the call.
        this.mode = "key";
        return this.stray(text, at);
      }
      if (!final) return HOLD;
      this.mode = "key";
      return this.stray(text, at);
    }
    this.key = text.slice(at, end);
    this.markup(text.slice(at, end + QUOTE.length));
    this.mode = "colon";
    return end + QUOTE.length;
  }

  private colonStep(text: string, at: number, _final: boolean): number {
    const code = text.charCodeAt(at);
    if (isWhitespace(code)) {
      this.markup(text[at] as string);
      return at + 1;
    }
    if (code === COLON) {
      this.markup(":");
      this.mode = "value";
      return at + 1;
    }
    // A key with no `:` (its text was markup already): the key is dropped, what follows read again as a key.
    this.warnStray(this.key);
    this.mode = "key";
    return at;
  }

  private valueStep(text: string, at: number, final: boolean): number {
    const code = text.charCodeAt(at);
    const top = this.stack[this.stack.length - 1] as Container;
    if (isWhitespace(code)) {
      this.markup(text[at] as string);
      return at + 1;
    }
    if (code === LESS_THAN) {
      const match = matchMarker(text, at, CALL_MARKERS);
      if (match === "partial" && !final) return HOLD;
      if (typeof match !== "string") {
        if (match.marker !== QUOTE) return this.markerInArguments(match.marker, at);
        this.openValue('"');
        this.markup(QUOTE);
        this.mode = "string";
        return at + QUOTE.length;
      }
      return this.startBare(at);
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (this.stack.length >= this.limits.maxDepth) {
        this.cut("too_deep", `arguments nested deeper than ${this.limits.maxDepth} levels in call`);
        this.mode = "discard";
        return at;
      }
      this.openValue(code === OPEN_BRACE ? "{" : "[");
      this.markup(text[at] as string);
      this.stack.push(
        code === OPEN_BRACE
          ? { kind: "object", count: 0, keys: new Set() }
          : { kind: "array", count: 0, keys: undefined },
      );
      this.mode = code === OPEN_BRACE ? "key" : "value";
      return at + 1;
    }
    if (code === CLOSE_BRACKET && top.kind === "array") return this.closeContainer("array", at);
    if (code === COMMA && top.kind === "array") {
      this.markup(",");
      return at + 1;
    }
    if (code === COMMA || code === CLOSE_BRACE) {
      // `{a:}` or `{a:,…}`: the key has no value, and is not written (no key without a value).
      this.warn(
        "missing_value",
        `key ${JSON.stringify(this.key)} of call ${JSON.stringify(this.callName)} has no value`,
        this.key,
      );
      this.mode = "after-value";
      return at;
    }
    return this.startBare(at);
  }

  /** The value starts: its key (or the array's separator) goes out first. */
  private openValue(first: string): void {
    const top = this.stack[this.stack.length - 1] as Container;
    // Inside a repeated key's value nothing is written, its own repeated keys included.
    if (this.mutedAt > 0) return;
    if (top.keys !== undefined) {
      if (top.keys.has(this.key)) {
        // A repeated key: its value is read (as markup) and not written, so no JSON key comes twice.
        this.warn(
          "repeated_key",
          `key ${JSON.stringify(this.key)} of call ${JSON.stringify(this.callName)} came twice; the first value stands`,
          this.key,
        );
        this.mutedAt = this.stack.length;
        return;
      }
      top.keys.add(this.key);
    }
    const separator = top.count > 0 ? ", " : "";
    top.count++;
    this.delta(
      top.kind === "object" ? `${separator}${JSON.stringify(this.key)}: ${first}` : `${separator}${first}`,
    );
  }

  private stringStep(text: string, at: number, final: boolean): number {
    const lt = text.indexOf("<", at);
    if (lt === -1) {
      this.stringText(text.slice(at));
      return text.length;
    }
    if (lt > at) {
      this.stringText(text.slice(at, lt));
      return lt;
    }
    const quote = matchLiteral(text, at, QUOTE);
    if (quote === "partial" && !final) return HOLD;
    if (quote === "yes") {
      this.flushBlock();
      this.delta('"');
      this.markup(QUOTE);
      this.mode = "after-value";
      return at + QUOTE.length;
    }
    this.stringText("<");
    return at + 1;
  }

  /**
   * String text goes out as deltas at once; its source as markup in blocks of MARKUP_BLOCK_LENGTH, each right
   * after the delta that completes it, so deltas and markup come in the same order in every chunking.
   */
  private stringText(text: string): void {
    let offset = 0;
    while (text.length - offset >= MARKUP_BLOCK_LENGTH - this.block.length) {
      const end = offset + MARKUP_BLOCK_LENGTH - this.block.length;
      const piece = text.slice(offset, end);
      this.delta(escapeJsonText(piece));
      this.markup(this.block + piece);
      this.block = "";
      offset = end;
    }
    if (offset < text.length) {
      const rest = offset === 0 ? text : text.slice(offset);
      this.delta(escapeJsonText(rest));
      this.block += rest;
    }
  }

  /** The string's source not yet sent as markup. */
  private flushBlock(): void {
    this.markup(this.block);
    this.block = "";
  }

  private startBare(at: number): number {
    this.bareSeen = 0;
    this.bareTerminator = -1;
    this.mode = "bare";
    return at;
  }

  /**
   * A bare value from `at`, held until decided: a literal (number, `true`, `false`, `null`) at its first `,` /
   * `}` / `]`. A word that is no literal and reaches a `<|"|>` before any of them, or after a comma followed by
   * prose only (no `:` or bracket), was a string whose opening delimiter the model left out (all of it, commas
   * included: `gemma4.omitted_string_open`); anything else (a bracket, a key after the comma, a close marker, a new
   * opener, the end of the stream, the length limit) makes it the string up to its first terminator
   * (`gemma4.bare_string`).
   */
  private bareStep(text: string, at: number, final: boolean): number {
    let index = at + this.bareSeen;
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        if (this.bareTerminator !== -1) {
          // Past the first comma only prose may run on to a closing delimiter; a bracket ends the word there.
          if (code === COMMA) continue;
          return this.decideBare(text, at, index);
        }
        const token = text.slice(at, index).trim();
        if (isLiteral(token)) return this.writeBare(text, at, index, token);
        this.bareTerminator = index - at;
        // A word ended by a bracket is a word: only a comma may be inside a string that lost its opener.
        if (code !== COMMA) return this.decideBare(text, at, index);
        continue;
      }
      if (this.bareTerminator !== -1 && (code === COLON || code === OPEN_BRACE || code === OPEN_BRACKET)) {
        // `,limit:5` or a nested value after the comma: the word ended at the comma.
        return this.decideBare(text, at, index);
      }
      if (code !== LESS_THAN) continue;
      const match = matchMarker(text, index, CALL_MARKERS);
      if (match === "none") continue;
      if (match === "partial") {
        if (final) continue;
        this.bareSeen = index - at;
        return HOLD;
      }
      if (match.marker === QUOTE) {
        const value = text.slice(at, index);
        this.warn(
          "omitted_string_open",
          `a value of call ${JSON.stringify(this.callName)} has its closing ${QUOTE} but no opening one; read as a string`,
          value,
        );
        const next = this.writeBare(text, at, index, JSON.stringify(value));
        this.markup(QUOTE);
        return next + QUOTE.length;
      }
      return this.decideBare(text, at, index);
    }
    if (final || index - at > this.limits.maxBareLength) return this.decideBare(text, at, text.length);
    this.bareSeen = index - at;
    return HOLD;
  }

  /** The bare value ends at its first terminator, or at `end` when it has none. */
  private decideBare(text: string, at: number, end: number): number {
    const stop = this.bareTerminator === -1 ? end : at + this.bareTerminator;
    const raw = text.slice(at, stop);
    const token = raw.trim();
    if (isLiteral(token)) return this.writeBare(text, at, stop, token);
    if (token === "") {
      this.warn(
        "missing_value",
        `key ${JSON.stringify(this.key)} of call ${JSON.stringify(this.callName)} has no value`,
        this.key,
      );
      this.markup(raw);
      this.mode = "after-value";
      return stop;
    }
    this.warn(
      "bare_string",
      `a bare value of call ${JSON.stringify(this.callName)} is no literal and has no ${QUOTE}; kept as a string`,
      token,
    );
    return this.writeBare(text, at, stop, JSON.stringify(token));
  }

  private writeBare(text: string, at: number, end: number, json: string): number {
    this.openValue(json);
    this.markup(text.slice(at, end));
    this.mode = "after-value";
    return end;
  }

  private afterValueStep(text: string, at: number, final: boolean): number {
    // Back at the depth of a repeated key: its value is over, and what follows is written again.
    if (this.mutedAt === this.stack.length) this.mutedAt = 0;
    const code = text.charCodeAt(at);
    const top = this.stack[this.stack.length - 1] as Container;
    if (isWhitespace(code)) {
      this.markup(text[at] as string);
      return at + 1;
    }
    if (code === COMMA) {
      this.markup(",");
      this.mode = top.kind === "object" ? "key" : "value";
      return at + 1;
    }
    if (code === CLOSE_BRACE && top.kind === "object") return this.closeContainer("object", at);
    if (code === CLOSE_BRACKET && top.kind === "array") return this.closeContainer("array", at);
    if (code === LESS_THAN) {
      const match = matchMarker(text, at, CALL_MARKERS);
      if (match === "partial" && !final) return HOLD;
      if (typeof match !== "string" && match.marker !== QUOTE)
        return this.markerInArguments(match.marker, at);
    }
    return this.stray(text, at);
  }

  private closeContainer(kind: "object" | "array", at: number): number {
    this.markup(kind === "object" ? "}" : "]");
    this.stack.pop();
    if (this.stack.length > 0) {
      this.delta(kind === "object" ? "}" : "]");
      this.mode = "after-value";
      return at + 1;
    }
    // The arguments are complete: the call stands at its `}`, whatever follows.
    this.delta("}");
    this.emit({ type: "tool-call-end", callIndex: this.callIndex });
    this.mode = "after-args";
    return at + 1;
  }

  /** A close marker or a new opener inside the arguments: the model stopped before they were complete. */
  private markerInArguments(marker: string, at: number): number {
    this.cut("unclosed_arguments", `${marker} came before the arguments were complete in call`);
    if (marker === CALL_OPEN) return at;
    this.markup(marker);
    this.outside.callEnded();
    return at + marker.length;
  }

  /** Text inside the arguments that fits no place: markup, with one warning per call. */
  private stray(text: string, at: number): number {
    this.warnStray(text[at] as string);
    this.markup(text[at] as string);
    return at + 1;
  }

  private warnStray(raw: string): void {
    if (this.strayWarned) return;
    this.strayWarned = true;
    this.warn(
      "stray_text_in_call",
      `text inside call ${JSON.stringify(this.callName)} is not part of any key or value; kept as markup`,
      raw,
    );
  }

  // ── after a call ────────────────────────────────────────────────────────────

  /** After the arguments' `}`: whitespace, then `<tool_call|>` or `<turn|>` as the call's markup. */
  private afterArgsStep(text: string, at: number, final: boolean): number {
    let index = at;
    while (index < text.length && isWhitespace(text.charCodeAt(index))) index++;
    if (index - at > this.limits.maxWhitespace) return this.afterCallWithoutClose(at);
    if (index === text.length) return final ? this.afterCallWithoutClose(at) : HOLD;
    const match = matchMarker(text, index, CLOSE_MARKERS);
    if (match === "partial" && !final) return HOLD;
    if (typeof match === "string") return this.afterCallWithoutClose(at);
    this.markup(text.slice(at, index + match.marker.length));
    this.outside.callEnded();
    this.lineStart = true;
    this.mode = "text";
    return index + match.marker.length;
  }

  private afterCallWithoutClose(at = 0): number {
    this.lineStart = false;
    if (this.explicit) {
      this.warn(
        "missing_call_end",
        `call ${JSON.stringify(this.callName)} had no ${CALL_CLOSE} after its arguments; the call stands`,
        "",
      );
    }
    this.outside.callEnded();
    this.mode = "text";
    return at;
  }

  /** The rest of a call that was cut for its nesting: markup up to its close marker. */
  private discardStep(text: string, at: number, final: boolean): number {
    const lt = text.indexOf("<", at);
    if (lt === -1) {
      this.markup(text.slice(at));
      return text.length;
    }
    if (lt > at) {
      this.markup(text.slice(at, lt));
      return lt;
    }
    const match = matchMarker(text, at, CLOSE_MARKERS);
    if (match === "partial" && !final) return HOLD;
    if (typeof match === "string") {
      this.markup("<");
      return at + 1;
    }
    this.markup(match.marker);
    this.outside.callEnded();
    this.mode = "text";
    return at + match.marker.length;
  }

  // ── output ──────────────────────────────────────────────────────────────────

  private inArguments(): boolean {
    return this.mode !== "text" && this.mode !== "after-args" && this.mode !== "discard";
  }

  /** Cuts the open call (docs/dialects.md §3): nothing closes its arguments; its end says `cut`. */
  private cut(code: string, message: string): void {
    this.flushBlock();
    this.warn(code, `${message} ${JSON.stringify(this.callName)}; the call is cut and not run`, "");
    this.emit({ type: "tool-call-end", callIndex: this.callIndex, cut: true });
    this.stack.length = 0;
    this.mutedAt = 0;
    this.mode = "text";
  }

  private delta(argumentsJson: string): void {
    if (this.mutedAt > 0) return;
    this.emit({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson });
  }

  private warn(code: string, message: string, raw: string): void {
    const segment: Segment = { type: "warning", code: `${DIALECT}.${code}`, message, raw };
    this.emit(segment);
  }

  private markup(text: string): void {
    this.heldMarkup += text;
  }

  private flushMarkup(): void {
    if (this.heldMarkup.length === 0) return;
    const text = this.heldMarkup;
    this.heldMarkup = "";
    this.sink({ type: "markup", text });
  }
}

const COMMA = 0x2c;
const NEWLINE = 0x0a;
const LOWER_C = 0x63;
const COLON = 0x3a;
const LESS_THAN = 0x3c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The first of `markers` at `text[at]`, `partial` when the text ends inside one, else `none`. */
function matchMarker(text: string, at: number, markers: readonly string[]): MarkerMatch {
  let partial = false;
  for (const marker of markers) {
    const match = matchLiteral(text, at, marker);
    if (match === "yes") return { marker };
    if (match === "partial") partial = true;
  }
  return partial ? "partial" : "none";
}

// Characters JSON must escape in a string (and lone surrogates, which JSON.stringify writes as escapes).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function escapeJsonText(text: string): string {
  // Most pieces are plain text: skip the two allocations of stringify and slice.
  if (!NEEDS_ESCAPE.test(text)) return text;
  const escaped = JSON.stringify(text);
  return escaped.slice(1, escaped.length - 1);
}

function isLiteral(token: string): boolean {
  return token === "true" || token === "false" || token === "null" || NUMBER.test(token);
}
