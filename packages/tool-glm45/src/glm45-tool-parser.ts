import {
  HOLD,
  isJsonWhitespace,
  type MarkerHandler,
  MarkerLexer,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import {
  createParameterValue,
  type ParameterValue,
  parameterSchemasOf,
  type ValueOutput,
} from "@sluice/tool-kit";
import { DEFAULT_GLM45_LIMITS, type Glm45Limits } from "./glm45-limits";
import {
  ARGUMENT_KEY_OPEN,
  ARGUMENT_VALUE_OPEN,
  CALL_MARKERS,
  TEXT_MARKERS,
  TOOL_CALL_CLOSE,
  VALUE_MARKERS,
} from "./glm45-markers";
import { matchCallStart } from "./match-call-start";
import { readArgumentKey } from "./read-argument-key";
import { decideValueTag, type LiteralDepths } from "./value-tag-decision";

type State = "text" | "call" | "value";

// Whitespace after a call is held to see whether another call follows; a longer run is passed on.
const MAX_HELD_WHITESPACE = 4096;
// The raw text a stray-text warning quotes.
const MAX_STRAY_RAW = 256;

/**
 * The `glm45` / `glm47` tool parser (docs/dialects.md §3): a synchronous state machine over the marker
 * lexer — text, between the arguments of a call (`call`), inside a value. Text outside calls goes out as
 * `text`; a call as `tool-call-start`, argument deltas it builds itself (string values streamed live),
 * `tool-call-end`, with its whole source as `markup`. One grammar serves both layouts: GLM-4.5's newlines
 * between the tags are whitespace the parser tolerates, GLM-4.7 has none (d024). `dialect` is the id the
 * warning codes start with. Everything it holds is bounded by the limits, except one non-string value.
 */
export class Glm45ToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly output: ValueOutput;
  private state: State = "text";

  // Outside calls.
  private afterCall = false;
  private heldWhitespace = "";

  // The open call.
  private callIndex = -1;
  private callName = "";
  private parameterSchemas: ReadonlyMap<string, unknown> | undefined;
  private readonly givenKeys = new Set<string>();
  // A complete `<arg_key>K</arg_key>` still waiting for its `<arg_value>`.
  private pendingKey: string | undefined;
  private parameterCount = 0;
  private strayText = "";
  private strayFound = false;

  // The open value, and the literal tags nested in it.
  private value: ParameterValue | undefined;
  private readonly depths: LiteralDepths = { value: 0, toolCall: 0 };

  private readonly schemaCache = new Map<string, ReadonlyMap<string, unknown> | undefined>();

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    private readonly dialect: "glm45" | "glm47" = "glm45",
    private readonly limits: Glm45Limits = DEFAULT_GLM45_LIMITS,
  ) {
    this.lexer = new MarkerLexer(this, TEXT_MARKERS);
    this.output = {
      delta: (argumentsJson) =>
        this.sink({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson }),
      markup: (text) => this.emitMarkup(text),
      warning: (code, message, raw) => this.sink({ type: "warning", code, message, raw }),
    };
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return (
      this.lexer.pending.length +
      this.heldWhitespace.length +
      this.strayText.length +
      (this.value?.heldLength ?? 0)
    );
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    if (this.state === "text") {
      // Whitespace after the last call is text after the calls (docs/dialects.md §2, as qwen_xml).
      if (this.heldWhitespace.length > 0) this.sink({ type: "text", text: this.heldWhitespace });
      this.heldWhitespace = "";
      return;
    }
    // A stream that ends inside a call closes the open value and the call (docs/dialects.md §2, d007).
    if (this.state === "value") this.closeValue();
    this.flushStray();
    this.warnMissingValue();
    this.warning(
      "unterminated_call",
      `the stream ended inside call ${JSON.stringify(this.callName)}; closed with what was received`,
      "",
    );
    this.endCall();
  }

  text(text: string): void {
    if (this.state === "value") (this.value as ParameterValue).append(text);
    else if (this.state === "call") this.strayInCall(text);
    else this.passText(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "call") return this.callMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private passText(text: string): void {
    let out = text;
    if (this.afterCall) {
      if (isAllWhitespace(text)) {
        this.heldWhitespace += text;
        if (this.heldWhitespace.length <= MAX_HELD_WHITESPACE) return;
        out = this.heldWhitespace;
      } else {
        out = this.heldWhitespace + text;
      }
      this.heldWhitespace = "";
      this.afterCall = false;
    }
    this.sink({ type: "text", text: out });
  }

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    // `none`: a reasoning span a call may not end is open; `explicit` accepts `<tool_call>NAME`, which is explicit.
    if (this.context.callStartPolicy() === "none") {
      this.passText(marker);
      return after;
    }
    const match = matchCallStart(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      // Not a call: the marker is text, and scanning goes on right after it (d052: a phantom opener).
      this.passText(marker);
      return after;
    }
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private startCall(name: string, source: string): void {
    this.callIndex = this.context.allocateCallIndex();
    this.callName = name;
    // The start goes first: the segmenter ends an open reasoning span (flushing what it holds) on it.
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name });
    // Whitespace-only text between two calls is dropped (docs/dialects.md §2, d001).
    this.emitMarkup(this.heldWhitespace + source);
    this.heldWhitespace = "";
    this.afterCall = false;
    this.output.delta("{");
    this.parameterSchemas = this.schemasOf(name);
    this.givenKeys.clear();
    this.pendingKey = undefined;
    this.parameterCount = 0;
    this.state = "call";
    this.lexer.markers = CALL_MARKERS;
  }

  // ── between arguments ──────────────────────────────────────────────────────

  private strayInCall(text: string): void {
    this.emitMarkup(text);
    if (!this.strayFound && !isAllWhitespace(text)) this.strayFound = true;
    if (this.strayText.length < MAX_STRAY_RAW)
      this.strayText += text.slice(0, MAX_STRAY_RAW - this.strayText.length);
  }

  private callMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    switch (marker) {
      case ARGUMENT_KEY_OPEN: {
        const key = readArgumentKey(buffer, after, final, this.limits.maxNameLength);
        if (key.kind === "hold") return HOLD;
        // No `</arg_key>` in reach, or a key already given: stray text, so no duplicate JSON keys.
        if (key.kind === "invalid" || this.givenKeys.has(key.name)) {
          this.strayInCall(marker);
          return after;
        }
        this.flushStray();
        this.warnMissingValue();
        this.pendingKey = key.name;
        this.emitMarkup(buffer.slice(index, key.end));
        return key.end;
      }
      case ARGUMENT_VALUE_OPEN:
        if (this.pendingKey === undefined) {
          this.strayInCall(marker);
          return after;
        }
        this.flushStray();
        this.startValue(this.pendingKey, marker);
        return after;
      case TOOL_CALL_CLOSE:
        this.flushStray();
        this.warnMissingValue();
        this.emitMarkup(marker);
        this.endCall();
        return after;
      default:
        return this.restartCall(marker, buffer, index, final);
    }
  }

  /** `<tool_call>` between the arguments: a new call when it is one (the model skipped `</tool_call>`). */
  private restartCall(marker: string, buffer: string, index: number, final: boolean): number {
    const match = matchCallStart(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      this.strayInCall(marker);
      return index + marker.length;
    }
    this.flushStray();
    this.warnMissingValue();
    this.warning(
      "missing_call_close",
      `call ${JSON.stringify(this.callName)} ended by the next <tool_call> without </tool_call>`,
      marker,
    );
    this.endCall();
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private warnMissingValue(): void {
    if (this.pendingKey === undefined) return;
    this.warning(
      "missing_value",
      `argument ${JSON.stringify(this.pendingKey)} of call ${JSON.stringify(this.callName)} has no <arg_value>; dropped`,
      this.pendingKey,
    );
    this.pendingKey = undefined;
  }

  private flushStray(): void {
    if (this.strayFound) {
      this.warning(
        "stray_text_in_call",
        `text between the arguments of call ${JSON.stringify(this.callName)} is not part of any value; kept as markup`,
        this.strayText.trim(),
      );
    }
    this.strayFound = false;
    this.strayText = "";
  }

  private endCall(): void {
    this.output.delta("}");
    this.sink({ type: "tool-call-end", callIndex: this.callIndex });
    this.state = "text";
    this.afterCall = true;
    this.pendingKey = undefined;
    this.lexer.markers = TEXT_MARKERS;
  }

  private schemasOf(name: string): ReadonlyMap<string, unknown> | undefined {
    if (this.schemaCache.has(name)) return this.schemaCache.get(name);
    // No schema, or one without properties: every value keeps its raw string (docs/dialects.md §2, Types).
    const schemas = parameterSchemasOf(this.context.tools, name);
    this.schemaCache.set(name, schemas);
    return schemas;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private readonly isNewKey = (key: string): boolean => !this.givenKeys.has(key);

  private startValue(key: string, source: string): void {
    this.emitMarkup(source);
    this.givenKeys.add(key);
    this.pendingKey = undefined;
    // GLM's tags hug the value and the template writes strings raw: every character is the value's (d009, d011).
    this.value = createParameterValue(this.output, {
      name: key,
      schema: this.parameterSchemas?.get(key),
      index: this.parameterCount,
      dialect: this.dialect,
      newlines: "exact",
    });
    this.parameterCount++;
    this.depths.value = 0;
    this.depths.toolCall = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    (this.value as ParameterValue).close();
    this.value = undefined;
    this.state = "call";
    this.lexer.markers = CALL_MARKERS;
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const decision = decideValueTag(marker, buffer, index, final, {
      depths: this.depths,
      isNewKey: this.isNewKey,
      limits: this.limits,
    });
    switch (decision.kind) {
      case "hold":
        return HOLD;
      case "literal":
        (this.value as ParameterValue).append(marker);
        return index + marker.length;
      case "close-value":
        this.closeValue();
        this.emitMarkup(marker);
        return index + marker.length;
      case "end-call":
        this.closeValue();
        this.warning(
          "unclosed_value",
          `a value of call ${JSON.stringify(this.callName)} had no </arg_value>; closed at </tool_call>`,
          marker,
        );
        this.emitMarkup(marker);
        this.endCall();
        return index + marker.length;
    }
  }

  private warning(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code: `${this.dialect}.${code}`, message, raw });
  }

  private emitMarkup(text: string): void {
    if (text.length > 0) this.sink({ type: "markup", text });
  }
}

function isAllWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (!isJsonWhitespace(text.charCodeAt(index))) return false;
  }
  return true;
}
