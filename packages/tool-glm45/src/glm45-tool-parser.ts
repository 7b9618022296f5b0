import {
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { type ParameterValue, TaggedCallWriter, TextAfterCalls } from "@sluice/tool-kit";
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

/**
 * The `glm45` / `glm47` tool parser (docs/dialects.md §3): a synchronous state machine over the marker
 * lexer — text, between the arguments of a call (`call`), inside a value. Text outside calls goes out as
 * `text`; a call as `tool-call-start`, argument deltas written by tool-kit's `TaggedCallWriter` (string values streamed live),
 * `tool-call-end`, with its whole source as `markup`. One grammar serves both layouts: GLM-4.5's newlines
 * between the tags are whitespace the parser tolerates, GLM-4.7 has none (d024). `dialect` is the id the
 * warning codes start with. Everything it holds is bounded by the limits, except one non-string value.
 */
export class Glm45ToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private state: State = "text";

  // A complete `<arg_key>K</arg_key>` still waiting for its `<arg_value>`.
  private pendingKey: string | undefined;

  // The literal tags nested in the open value.
  private readonly depths: LiteralDepths = { value: 0, toolCall: 0 };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    dialect: "glm45" | "glm47" = "glm45",
    private readonly limits: Glm45Limits = DEFAULT_GLM45_LIMITS,
  ) {
    this.lexer = new MarkerLexer(this, TEXT_MARKERS);
    // GLM's tags hug the value and the template writes strings raw: every character is the value's (d009, d011).
    this.call = new TaggedCallWriter(context, sink, dialect, "exact");
    this.outside = new TextAfterCalls(sink);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return this.lexer.pending.length + this.outside.heldLength + this.call.heldLength;
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    if (this.state === "text") {
      // Whitespace after the last call is text after the calls (docs/dialects.md §2, as qwen_xml).
      this.outside.end();
      return;
    }
    // A stream that ends inside a call cuts it; nothing closes its value or object (docs/dialects.md §2, d007).
    this.call.cut();
  }

  text(text: string): void {
    if (this.state === "value") (this.call.value as ParameterValue).append(text);
    else if (this.state === "call") this.call.stray(text);
    else this.outside.text(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "call") return this.callMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    // `none`: a reasoning span a call may not end is open; `explicit` accepts `<tool_call>NAME`, which is explicit.
    if (this.context.callStartPolicy() === "none") {
      this.outside.text(marker);
      return after;
    }
    const match = matchCallStart(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      // Not a call: the marker is text, and scanning goes on right after it (d052: a phantom opener).
      this.outside.text(marker);
      return after;
    }
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private startCall(name: string, source: string): void {
    // Whitespace-only text between two calls is the template's: markup of the new call (docs/dialects.md §2, d001).
    this.call.start(name, this.outside.callStarts() + source);
    this.pendingKey = undefined;
    this.state = "call";
    this.lexer.markers = CALL_MARKERS;
  }

  // ── between arguments ──────────────────────────────────────────────────────

  private callMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    switch (marker) {
      case ARGUMENT_KEY_OPEN: {
        const key = readArgumentKey(buffer, after, final, this.limits.maxNameLength);
        if (key.kind === "hold") return HOLD;
        // No `</arg_key>` in reach, or a key already given: stray text, so no duplicate JSON keys.
        if (key.kind === "invalid" || this.call.has(key.name)) {
          this.call.stray(marker);
          return after;
        }
        this.call.flushStray();
        this.warnMissingValue();
        this.pendingKey = key.name;
        this.call.markup(buffer.slice(index, key.end));
        return key.end;
      }
      case ARGUMENT_VALUE_OPEN:
        if (this.pendingKey === undefined) {
          this.call.stray(marker);
          return after;
        }
        this.startValue(this.pendingKey, marker);
        return after;
      case TOOL_CALL_CLOSE:
        this.call.flushStray();
        this.warnMissingValue();
        this.call.markup(marker);
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
      this.call.stray(marker);
      return index + marker.length;
    }
    this.call.flushStray();
    this.warnMissingValue();
    this.call.warn(
      "missing_call_close",
      `call ${JSON.stringify(this.call.callName)} ended by the next <tool_call> without </tool_call>`,
      marker,
    );
    this.endCall();
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private warnMissingValue(): void {
    if (this.pendingKey === undefined) return;
    this.call.warn(
      "missing_value",
      `argument ${JSON.stringify(this.pendingKey)} of call ${JSON.stringify(this.call.callName)} has no <arg_value>; dropped`,
      this.pendingKey,
    );
    this.pendingKey = undefined;
  }

  private endCall(): void {
    this.call.end();
    this.outside.callEnded();
    this.state = "text";
    this.pendingKey = undefined;
    this.lexer.markers = TEXT_MARKERS;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private startValue(key: string, source: string): void {
    this.call.openValue(key, source);
    this.pendingKey = undefined;
    this.depths.value = 0;
    this.depths.toolCall = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    this.call.closeValue();
    this.state = "call";
    this.lexer.markers = CALL_MARKERS;
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const decision = decideValueTag(marker, buffer, index, final, {
      depths: this.depths,
      isNewKey: this.call.isNewParameter,
      isMadeUp: this.call.isMadeUp,
      limits: this.limits,
    });
    switch (decision.kind) {
      case "hold":
        return HOLD;
      case "literal":
        (this.call.value as ParameterValue).append(marker);
        return index + marker.length;
      case "close-value":
        this.closeValue();
        this.call.markup(marker);
        if (decision.undecided !== undefined) {
          this.call.warn(
            "undecided_key",
            `key ${JSON.stringify(decision.undecided)} is not in the schema of ${JSON.stringify(this.call.callName)}, and ${this.limits.maxMadeUpLookahead} characters of its value did not show whether it is a key or quoted markup; taken as a key`,
            decision.undecided,
          );
        }
        return index + marker.length;
      case "end-call":
        this.closeValue();
        this.call.warn(
          "unclosed_value",
          `a value of call ${JSON.stringify(this.call.callName)} had no </arg_value>; closed at </tool_call>`,
          marker,
        );
        this.call.markup(marker);
        this.endCall();
        return index + marker.length;
    }
  }
}
