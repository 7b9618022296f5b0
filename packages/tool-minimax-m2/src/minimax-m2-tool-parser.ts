import {
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { type ParameterValue, TaggedCallWriter, TextAfterCalls } from "@sluice/tool-kit";
import { type CallStartMatch, matchCallStart } from "./call-start";
import type { MinimaxM2Limits } from "./minimax-m2-limits";
import {
  BLOCK_CLOSE,
  BLOCK_MARKERS,
  type BLOCK_OPEN,
  INVOKE_CLOSE,
  INVOKE_MARKERS,
  INVOKE_OPEN,
  PARAMETER_OPEN,
  TEXT_MARKERS,
  VALUE_MARKERS,
} from "./minimax-m2-markers";
import { readAttributeName } from "./read-attribute-name";
import { decideValueTag, type LiteralDepths } from "./value-tag-decision";

/** Outside calls (`text`), inside a block after an `</invoke>` (`block`), between parameters (`invoke`), in a value. */
type State = "text" | "block" | "invoke" | "value";

const NOT_A_CALL: CallStartMatch = { kind: "text" };

/**
 * The `minimax_m2` tool parser (docs/dialects.md §3; the qwen_xml rules of docs/dialects.md §2 in
 * MiniMax's tags): `<minimax:tool_call>`, then one call per `<invoke name="N">`, each `<parameter name="K">V
 * </parameter>` written through @sluice/tool-kit (string values stream live, others are typed by the
 * schema at their close), `</invoke>`, `</minimax:tool_call>`. A synchronous state machine over the marker
 * lexer; text outside calls goes out as `text`, a call's whole source as `markup`. Everything it holds is
 * bounded by the limits, except the text of one non-string value.
 */
export class MinimaxM2ToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private state: State = "text";

  // The literal tags nested in the open value (d122).
  private readonly depths: LiteralDepths = { parameter: 0, invoke: 0, block: 0 };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    private readonly limits: MinimaxM2Limits,
  ) {
    this.lexer = new MarkerLexer(this, TEXT_MARKERS);
    // The template writes `<parameter name="K">V</parameter>` with no newline of its own: keep V exactly (d127).
    this.call = new TaggedCallWriter(context, sink, "minimax_m2", "exact");
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
    if (this.state === "text" || this.state === "block") {
      this.outside.end();
      return;
    }
    // docs/dialects.md §2: a stream that ends inside a call cuts it; nothing closes its value or object.
    this.call.cut();
  }

  text(text: string): void {
    if (this.state === "value") (this.call.value as ParameterValue).append(text);
    else if (this.state === "invoke") this.call.stray(text);
    else this.passText(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "invoke") return this.invokeMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls, and between the invokes of a block ──────────────────────

  /** Text after a call: a block the model did not close with `</minimax:tool_call>` ends here. */
  private passText(text: string): void {
    if (this.outside.text(text) && this.state === "block") {
      this.state = "text";
      this.lexer.markers = TEXT_MARKERS;
    }
  }

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === BLOCK_CLOSE) {
      // Only live inside a block: its own closing tag; whitespace after it is held as after any call.
      this.call.markup(this.outside.takeHeld() + marker);
      this.state = "text";
      this.lexer.markers = TEXT_MARKERS;
      return after;
    }
    const match = this.matchStart(marker as typeof BLOCK_OPEN | typeof INVOKE_OPEN, buffer, index, final);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      // Not a call: the marker is text, and scanning goes on right after it (d125).
      this.passText(marker);
      return after;
    }
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  /** Every candidate start asks the policy: `<minimax:tool_call>` is explicit, so only `none` refuses it. */
  private matchStart(
    marker: typeof BLOCK_OPEN | typeof INVOKE_OPEN,
    buffer: string,
    index: number,
    final: boolean,
  ): CallStartMatch {
    if (this.context.callStartPolicy() === "none") return NOT_A_CALL;
    return matchCallStart(buffer, index, marker, final, this.limits);
  }

  private startCall(name: string, source: string): void {
    // Whitespace-only text between two calls is the template's: markup of the new call (docs/dialects.md §2).
    this.call.start(name, this.outside.callStarts() + source);
    this.state = "invoke";
    this.lexer.markers = INVOKE_MARKERS;
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private invokeMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === PARAMETER_OPEN) {
      const name = readAttributeName(buffer, after, final, this.limits.maxNameLength, "parameter");
      if (name.kind === "hold") return HOLD;
      if (name.kind === "invalid" || this.call.has(name.name)) {
        // A `<parameter name=` that is no tag, or a repeated one, is stray text: no duplicate keys.
        this.call.stray(marker);
        return after;
      }
      this.startValue(name.name, buffer.slice(index, name.end));
      return name.end;
    }
    if (marker === INVOKE_OPEN) {
      // The model left out `</invoke>`: a complete `<invoke name="N">` ends this call and starts the next.
      const match = this.matchStart(INVOKE_OPEN, buffer, index, final);
      if (match.kind === "hold") return HOLD;
      if (match.kind === "text") {
        this.call.stray(marker);
        return after;
      }
      const source = buffer.slice(index, match.end);
      this.call.flushStray();
      this.missingInvokeClose(source);
      this.endCall("block");
      this.startCall(match.name, source);
      return match.end;
    }
    this.call.flushStray();
    this.call.markup(marker);
    if (marker === INVOKE_CLOSE) {
      this.endCall("block");
    } else {
      // `</minimax:tool_call>` with no `</invoke>` ends the call and the block.
      this.missingInvokeClose(marker);
      this.endCall("text");
    }
    return after;
  }

  private missingInvokeClose(endedBy: string): void {
    this.call.warn(
      "missing_invoke_close",
      `call ${JSON.stringify(this.call.callName)} had no </invoke>; ended at ${JSON.stringify(endedBy)}`,
      endedBy,
    );
  }

  /** After `</invoke>` the block goes on (more invokes may follow); after `</minimax:tool_call>`, text. */
  private endCall(next: "block" | "text"): void {
    this.call.end();
    this.outside.callEnded();
    this.state = next;
    this.lexer.markers = next === "block" ? BLOCK_MARKERS : TEXT_MARKERS;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private startValue(name: string, source: string): void {
    this.call.openValue(name, source);
    this.depths.parameter = 0;
    this.depths.invoke = 0;
    this.depths.block = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    this.call.closeValue();
    this.state = "invoke";
    this.lexer.markers = INVOKE_MARKERS;
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
    const after = index + marker.length;
    switch (decision.kind) {
      case "hold":
        return HOLD;
      case "literal":
        value.append(marker);
        return after;
      case "close-parameter":
        this.closeValue();
        this.call.markup(marker);
        if (decision.undecided !== undefined) {
          this.call.warn(
            "undecided_parameter",
            `parameter ${JSON.stringify(decision.undecided)} is not in the schema of ${JSON.stringify(this.call.callName)}, and ${this.limits.maxMadeUpLookahead} characters of its value did not show whether it is a key or quoted markup; taken as a key`,
            decision.undecided,
          );
        }
        return after;
      case "next-parameter":
        this.closeUnclosedValue(marker);
        this.startValue(decision.name, buffer.slice(index, decision.end));
        return decision.end;
      case "end-call":
        this.closeUnclosedValue(marker);
        this.call.markup(marker);
        if (marker === INVOKE_CLOSE) {
          this.endCall("block");
        } else {
          this.missingInvokeClose(marker);
          this.endCall("text");
        }
        return after;
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
