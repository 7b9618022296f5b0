import {
  createMarkerSet,
  findMarker,
  heldSuffixStart,
  isJsonWhitespace,
  JsonScanner,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { parseHermesCall } from "./parse-hermes-call";

const OPEN_TAG = "<tool_call>";
const CLOSE_TAG = "</tool_call>";
const OPEN_MARKERS = createMarkerSet([OPEN_TAG]);
const OPEN_BRACE = 123; // {
const LESS_THAN = 60; // <
// Whitespace held between `<tool_call>` and `{`, and between `}` and `</tool_call>` (bounded buffers).
const MAX_HELD_WHITESPACE = 64;

/**
 * `text`: looking for `<tool_call>`; `candidate`: after `<tool_call>`, holding whitespace until the
 * next character says whether a call starts; `body`: inside a call's JSON object; `after`: after an
 * object, holding whitespace and a partial `</tool_call>` until the tag closes or turns out over.
 */
type HermesState = "text" | "candidate" | "body" | "after";

/**
 * The hermes tool parser (docs/dialects.md §2): `<tool_call>` + whitespace + `{` starts a call; the body is
 * scanned string-aware by core's JsonScanner and parsed once its top-level object closes.
 * It holds one call body until it is complete: a call cannot be decided (or executed) from half of
 * it (docs/architecture.md I7, "what a dialect must hold to decide"). Every other hold is bounded.
 */
export class HermesToolParser implements ToolParser {
  private state: HermesState = "text";
  /** `text`: a suffix that may begin `<tool_call>`; `candidate`: `<tool_call>` and whitespace. */
  private held = "";
  /** `body`: the call's raw source so far (`<tool_call>` + whitespace + body, or whitespace + body). */
  private source = "";
  private bodyStart = 0;
  private readonly scanner = new JsonScanner();
  /** `after`: whitespace after the object, then how much of `</tool_call>` matched. */
  private afterWhitespace = "";
  private closeMatched = 0;
  /** `after`: the raw source of a body that is not a call, emitted as text once the tag's end is known. */
  private unparseable: { raw: string; reason: string } | undefined;

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {}

  push(text: string): void {
    let index = 0;
    while (index < text.length) {
      switch (this.state) {
        case "text":
          index = this.scanText(text, index);
          break;
        case "candidate":
          index = this.scanCandidate(text, index);
          break;
        case "body":
          index = this.scanBody(text, index);
          break;
        case "after":
          index = this.scanAfter(text, index);
          break;
      }
    }
  }

  end(): void {
    switch (this.state) {
      case "text":
      case "candidate":
        this.emitText(this.held);
        this.held = "";
        break;
      case "body":
        // t093/t077: a cut-off body is never executed; its source stays as text (lossless).
        this.emitText(this.source);
        this.sink({
          type: "warning",
          code: "hermes.truncated_body",
          message: "the stream ended inside a <tool_call> body; kept as text, not executed",
          raw: this.source,
        });
        this.source = "";
        break;
      case "after":
        this.tagOver();
        this.emitText(this.held);
        this.held = "";
        break;
    }
    this.state = "text";
  }

  private scanText(text: string, from: number): number {
    const rest = from === 0 ? text : text.slice(from);
    const heldLength = this.held.length;
    const buffer = heldLength === 0 ? rest : this.held + rest;
    this.held = "";
    const hit = findMarker(OPEN_MARKERS, buffer, 0);
    if (hit === undefined) {
      // "<tool_" + "call>": hold back the longest suffix that could still begin the tag.
      const keep = heldSuffixStart(OPEN_MARKERS, buffer, 0);
      this.emitText(buffer.slice(0, keep));
      this.held = buffer.slice(keep);
      return text.length;
    }
    this.emitText(buffer.slice(0, hit.index));
    this.held = OPEN_TAG;
    this.state = "candidate";
    // The held text never contains a whole tag, so the tag ends inside `rest`.
    return from + hit.index + OPEN_TAG.length - heldLength;
  }

  private scanCandidate(text: string, from: number): number {
    let index = from;
    while (index < text.length && isJsonWhitespace(text.charCodeAt(index))) index++;
    this.held += text.slice(from, index);
    if (this.held.length - OPEN_TAG.length > MAX_HELD_WHITESPACE) return this.rejectCandidate(index);
    if (index === text.length) return index;
    if (text.charCodeAt(index) !== OPEN_BRACE || this.context.callStartPolicy() === "none") {
      // A quoted `<tool_call>` in prose, or a call the reasoning state does not allow: text.
      return this.rejectCandidate(index);
    }
    this.startBody(this.held);
    this.held = "";
    return index;
  }

  private rejectCandidate(resume: number): number {
    this.emitText(this.held);
    this.held = "";
    this.state = "text";
    return resume;
  }

  private startBody(prefix: string): void {
    this.source = prefix;
    this.bodyStart = prefix.length;
    this.scanner.reset();
    this.state = "body";
  }

  private scanBody(text: string, from: number): number {
    // t092: string-aware, so a `</tool_call>` inside a JSON string is data.
    const end = this.scanner.scan(text, from);
    if (end === -1) {
      this.source += from === 0 ? text : text.slice(from);
      return text.length;
    }
    this.source += text.slice(from, end);
    this.completeBody();
    return end;
  }

  private completeBody(): void {
    const source = this.source;
    this.source = "";
    this.state = "after";
    const result = parseHermesCall(source.slice(this.bodyStart));
    if (!result.ok) {
      this.unparseable = { raw: source, reason: result.reason };
      return;
    }
    for (const [position, argumentsJson] of result.argumentsJson.entries()) {
      const callIndex = this.context.allocateCallIndex();
      // Start first: it ends an open reasoning span, which flushes what it holds before this markup.
      this.sink({ type: "tool-call-start", callIndex, name: result.name });
      if (position === 0) this.sink({ type: "markup", text: source });
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson });
      this.sink({ type: "tool-call-end", callIndex });
    }
    if (result.repaired) {
      this.warn("hermes.repaired_body", "the <tool_call> body was near-JSON and was repaired", source);
    }
    if (result.split) {
      this.warn(
        "hermes.split_arguments",
        `the arguments held ${result.argumentsJson.length} JSON objects back to back: one call each`,
        source,
      );
    }
  }

  private scanAfter(text: string, from: number): number {
    let index = from;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (this.closeMatched > 0) {
        if (code !== CLOSE_TAG.charCodeAt(this.closeMatched)) return this.endAfter(index);
        this.closeMatched++;
        index++;
        if (this.closeMatched === CLOSE_TAG.length) {
          this.tagClosed();
          this.state = "text";
          return index;
        }
      } else if (isJsonWhitespace(code)) {
        if (this.afterWhitespace.length >= MAX_HELD_WHITESPACE) return this.endAfter(index);
        this.afterWhitespace += text[index];
        index++;
      } else if (code === LESS_THAN) {
        this.closeMatched = 1;
        index++;
      } else if (code === OPEN_BRACE && this.unparseable === undefined) {
        // Two call objects in one tag: two calls.
        this.startBody(this.afterWhitespace);
        this.afterWhitespace = "";
        return index;
      } else {
        return this.endAfter(index);
      }
    }
    return index;
  }

  /** The tag is over without `</tool_call>`: what was held goes back to text scanning. */
  private endAfter(resume: number): number {
    this.tagOver();
    this.state = "text";
    return resume;
  }

  private tagClosed(): void {
    const closing = this.afterWhitespace + CLOSE_TAG;
    this.afterWhitespace = "";
    this.closeMatched = 0;
    if (this.unparseable === undefined) {
      this.sink({ type: "markup", text: closing });
      return;
    }
    this.emitUnparseable(this.unparseable.raw + closing, this.unparseable.reason);
    this.unparseable = undefined;
  }

  private tagOver(): void {
    if (this.unparseable !== undefined) {
      this.emitUnparseable(this.unparseable.raw, this.unparseable.reason);
      this.unparseable = undefined;
    }
    this.emitText(this.afterWhitespace);
    // A partial `</tool_call>` is rescanned as text: its `<` may begin a `<tool_call>`.
    this.held = CLOSE_TAG.slice(0, this.closeMatched);
    this.afterWhitespace = "";
    this.closeMatched = 0;
  }

  private emitUnparseable(raw: string, reason: string): void {
    this.emitText(raw);
    this.warn(
      "hermes.unparseable_body",
      `<tool_call> body is not a valid call (${reason}); kept as text`,
      raw,
    );
  }

  private warn(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code, message, raw });
  }

  private emitText(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }
}
