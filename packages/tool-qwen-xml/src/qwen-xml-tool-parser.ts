import {
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { type ParameterValue, TaggedCallWriter, TextAfterCalls } from "@sluice/tool-kit";
import { matchCallStart } from "./call-start";
import type { QwenXmlLimits } from "./qwen-xml-limits";
import {
  AFTER_FUNCTION_MARKERS,
  FUNCTION_CLOSE,
  FUNCTION_MARKERS,
  FUNCTION_OPEN,
  PARAMETER_OPEN,
  TEXT_MARKERS,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
  VALUE_MARKERS,
} from "./qwen-xml-markers";
import { readTagName } from "./read-tag-name";
import { decideValueTag, type LiteralDepths } from "./value-tag-decision";

type State = "text" | "function" | "value";

const LINE_FEED = 10;
const GREATER_THAN = 62;

/**
 * The `qwen_xml` tool parser (docs/dialects.md §2): a synchronous state machine over the marker lexer —
 * text, between the parameters of a call (`function`), inside a value. Text outside calls goes out as
 * `text`; a call as `tool-call-start`, argument deltas written by tool-kit's `TaggedCallWriter` (string
 * values streamed live), `tool-call-end`, with its whole source as `markup`. Everything it holds is bounded
 * by the limits, except the text of one non-string value.
 */
export class QwenXmlToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private state: State = "text";

  // Outside calls. The start of the stream counts as the start of a line (t006).
  private lastCode = LINE_FEED;
  // Right after `</function>`: its `</tool_call>` may still follow.
  private afterFunction = false;

  // The literal tags nested in the open value (t026, t028).
  private readonly depths: LiteralDepths = { parameter: 0, function: 0, toolCall: 0 };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    private readonly limits: QwenXmlLimits,
  ) {
    this.lexer = new MarkerLexer(this, TEXT_MARKERS);
    this.call = new TaggedCallWriter(context, sink, "qwen_xml", "one-newline");
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
      this.outside.end();
      return;
    }
    // docs/dialects.md §2: a stream that ends inside a call cuts it; nothing closes its value or object.
    this.call.cut();
  }

  text(text: string): void {
    if (this.state === "value") (this.call.value as ParameterValue).append(text);
    else if (this.state === "function") this.call.stray(text);
    else this.passText(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "function") return this.functionMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private passText(text: string): void {
    this.lastCode = text.charCodeAt(text.length - 1);
    if (this.outside.text(text) && this.afterFunction) {
      // Text after the call: its `</tool_call>` will not come.
      this.afterFunction = false;
      this.lexer.markers = TEXT_MARKERS;
    }
  }

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === TOOL_CALL_CLOSE) {
      // Only live right after `</function>`: the call's own closing tag.
      this.call.markup(this.outside.takeHeld() + marker);
      this.afterFunction = false;
      this.lexer.markers = TEXT_MARKERS;
      this.lastCode = GREATER_THAN;
      return after;
    }
    const match = this.matchStart(marker, buffer, index, final);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      // Not a call: the marker is text, and scanning goes on right after it (t034).
      this.passText(marker);
      return after;
    }
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private matchStart(marker: string, buffer: string, index: number, final: boolean) {
    if (marker === FUNCTION_OPEN) {
      // The bare form counts only at the start of a line, and only in content.
      if (this.lastCode !== LINE_FEED || this.context.callStartPolicy() !== "all") return NOT_A_CALL;
      return matchCallStart(buffer, index, FUNCTION_OPEN, final, this.limits);
    }
    if (this.context.callStartPolicy() === "none") return NOT_A_CALL;
    return matchCallStart(buffer, index, TOOL_CALL_OPEN, final, this.limits);
  }

  private startCall(name: string, source: string): void {
    // Whitespace-only text between two calls is the template's: markup of the new call (docs/dialects.md §2).
    this.call.start(name, this.outside.callStarts() + source);
    this.afterFunction = false;
    this.state = "function";
    this.lexer.markers = FUNCTION_MARKERS;
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private functionMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === PARAMETER_OPEN) {
      const name = readTagName(buffer, after, final, this.limits.maxNameLength, "parameter");
      if (name.kind === "hold") return HOLD;
      if (name.kind === "invalid" || this.call.has(name.name)) {
        // A `<parameter=` with no `>` on its line, or a repeated one, is stray text: no duplicate keys.
        this.call.stray(marker);
        return after;
      }
      this.startValue(name.name, buffer.slice(index, name.end));
      return name.end;
    }
    this.call.flushStray();
    this.call.markup(marker);
    if (marker === TOOL_CALL_CLOSE) {
      // t067: `</tool_call>` with no `</function>` ends the call too.
      this.call.warn(
        "missing_function_close",
        `call ${JSON.stringify(this.call.callName)} ended by </tool_call> without </function>`,
        marker,
      );
    }
    this.endCall(marker === FUNCTION_CLOSE);
    return after;
  }

  private endCall(afterFunction: boolean): void {
    this.call.end();
    this.outside.callEnded();
    this.state = "text";
    this.afterFunction = afterFunction;
    this.lastCode = GREATER_THAN;
    this.lexer.markers = afterFunction ? AFTER_FUNCTION_MARKERS : TEXT_MARKERS;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private startValue(name: string, source: string): void {
    this.call.openValue(name, source);
    this.depths.parameter = 0;
    this.depths.function = 0;
    this.depths.toolCall = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    this.call.closeValue();
    this.state = "function";
    this.lexer.markers = FUNCTION_MARKERS;
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const value = this.call.value as ParameterValue;
    const decision = decideValueTag(marker, buffer, index, final, {
      depths: this.depths,
      atLineStart: value.atLineStart,
      isStructural: this.call.isStructural,
      isNewParameter: this.call.isNewParameter,
      isMadeUp: this.call.isMadeUp,
      limits: this.limits,
    });
    switch (decision.kind) {
      case "hold":
        return HOLD;
      case "literal":
        value.append(marker);
        return index + marker.length;
      case "close-parameter": {
        this.closeValue();
        const source = buffer.slice(index, decision.end);
        if (decision.drifted) {
          this.call.warn(
            "drifted_close_tag",
            `parameter closed by the drifted tag ${JSON.stringify(source)}`,
            source,
          );
        }
        if (decision.undecided !== undefined) {
          this.call.warn(
            "undecided_parameter",
            `parameter ${JSON.stringify(decision.undecided)} is not in the schema of ${JSON.stringify(this.call.callName)}, and ${this.limits.maxMadeUpLookahead} characters of its value did not show whether it is a key or quoted markup; taken as a key`,
            decision.undecided,
          );
        }
        this.call.markup(source);
        return decision.end;
      }
      case "next-parameter":
        this.closeUnclosedValue(marker);
        this.startValue(decision.name, buffer.slice(index, decision.end));
        return decision.end;
      case "end-call":
        this.closeUnclosedValue(marker);
        this.call.markup(marker);
        this.endCall(marker === FUNCTION_CLOSE);
        return index + marker.length;
    }
  }

  private closeUnclosedValue(closedBy: string): void {
    this.closeValue();
    this.call.warn(
      "unclosed_parameter",
      `a parameter of call ${JSON.stringify(this.call.callName)} had no </parameter>; closed at ${closedBy}`,
      closedBy,
    );
  }
}

const NOT_A_CALL = { kind: "text" } as const;
