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

// Whitespace after a call is held to see whether another call follows; a longer run is passed on.
const MAX_HELD_WHITESPACE = 4096;
// The raw text a stray-text warning quotes.
const MAX_STRAY_RAW = 256;
const NOT_A_CALL: CallStartMatch = { kind: "text" };

/**
 * The `minimax_m2` tool parser (research-dialects.md §5; the qwen_xml rules of docs/dialects.md §2 in
 * MiniMax's tags): `<minimax:tool_call>`, then one call per `<invoke name="N">`, each `<parameter name="K">V
 * </parameter>` written through @sluice/tool-kit (string values stream live, others are typed by the
 * schema at their close), `</invoke>`, `</minimax:tool_call>`. A synchronous state machine over the marker
 * lexer; text outside calls goes out as `text`, a call's whole source as `markup`. Everything it holds is
 * bounded by the limits, except the text of one non-string value.
 */
export class MinimaxM2ToolParser implements ToolParser, MarkerHandler {
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
  private readonly givenParameters = new Set<string>();
  private parameterCount = 0;
  private strayText = "";
  private strayFound = false;

  // The open value, and the literal tags nested in it (d122).
  private value: ParameterValue | undefined;
  private readonly depths: LiteralDepths = { parameter: 0, invoke: 0, block: 0 };

  private readonly schemaCache = new Map<string, ReadonlyMap<string, unknown> | undefined>();

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    private readonly limits: MinimaxM2Limits,
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
    return this.lexer.pending.length + this.heldWhitespace.length + (this.value?.heldLength ?? 0);
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    if (this.state === "text" || this.state === "block") {
      // Whitespace after the last call is text after the calls (docs/dialects.md §2).
      if (this.heldWhitespace.length > 0) this.sink({ type: "text", text: this.heldWhitespace });
      this.heldWhitespace = "";
      return;
    }
    // docs/dialects.md §2: a stream that ends inside a call closes the open value and the call (d124 differs).
    if (this.state === "value") this.closeValue();
    this.flushStray();
    this.output.warning(
      "minimax_m2.unterminated_call",
      `the stream ended inside call ${JSON.stringify(this.callName)}; closed with what was received`,
      "",
    );
    this.endCall("text");
  }

  text(text: string): void {
    if (this.state === "value") (this.value as ParameterValue).append(text);
    else if (this.state === "invoke") this.invokeText(text);
    else this.passText(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "invoke") return this.invokeMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls, and between the invokes of a block ──────────────────────

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
      this.leaveAfterCall();
    }
    this.sink({ type: "text", text: out });
  }

  /** Text after a call: a block the model did not close with `</minimax:tool_call>` ends here. */
  private leaveAfterCall(): void {
    this.afterCall = false;
    if (this.state === "block") {
      this.state = "text";
      this.lexer.markers = TEXT_MARKERS;
    }
  }

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === BLOCK_CLOSE) {
      // Only live inside a block: its own closing tag; whitespace after it is held as after any call.
      this.emitMarkup(this.heldWhitespace + marker);
      this.heldWhitespace = "";
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
    this.callIndex = this.context.allocateCallIndex();
    this.callName = name;
    // The start goes first: the segmenter ends an open reasoning span (flushing what it holds) on it.
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name });
    // Whitespace-only text between two calls is dropped (docs/dialects.md §2).
    this.emitMarkup(this.heldWhitespace + source);
    this.heldWhitespace = "";
    this.afterCall = false;
    this.output.delta("{");
    this.parameterSchemas = this.schemasOf(name);
    this.givenParameters.clear();
    this.parameterCount = 0;
    this.state = "invoke";
    this.lexer.markers = INVOKE_MARKERS;
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private invokeText(text: string): void {
    this.emitMarkup(text);
    if (!this.strayFound && !isAllWhitespace(text)) this.strayFound = true;
    if (this.strayText.length < MAX_STRAY_RAW)
      this.strayText += text.slice(0, MAX_STRAY_RAW - this.strayText.length);
  }

  private invokeMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === PARAMETER_OPEN) {
      const name = readAttributeName(buffer, after, final, this.limits.maxNameLength, "parameter");
      if (name.kind === "hold") return HOLD;
      if (name.kind === "invalid" || this.givenParameters.has(name.name)) {
        // A `<parameter name=` that is no tag, or a repeated one, is stray text: no duplicate keys.
        this.invokeText(marker);
        return after;
      }
      this.flushStray();
      this.startValue(name.name, buffer.slice(index, name.end));
      return name.end;
    }
    if (marker === INVOKE_OPEN) {
      // The model left out `</invoke>`: a complete `<invoke name="N">` ends this call and starts the next.
      const match = this.matchStart(INVOKE_OPEN, buffer, index, final);
      if (match.kind === "hold") return HOLD;
      if (match.kind === "text") {
        this.invokeText(marker);
        return after;
      }
      const source = buffer.slice(index, match.end);
      this.flushStray();
      this.missingInvokeClose(source);
      this.endCall("block");
      this.startCall(match.name, source);
      return match.end;
    }
    this.flushStray();
    this.emitMarkup(marker);
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
    this.output.warning(
      "minimax_m2.missing_invoke_close",
      `call ${JSON.stringify(this.callName)} had no </invoke>; ended at ${JSON.stringify(endedBy)}`,
      endedBy,
    );
  }

  private flushStray(): void {
    if (this.strayFound) {
      this.output.warning(
        "minimax_m2.stray_text_in_call",
        `text between the parameters of call ${JSON.stringify(this.callName)} is not part of any value; kept as markup`,
        this.strayText.trim(),
      );
    }
    this.strayFound = false;
    this.strayText = "";
  }

  /** After `</invoke>` the block goes on (more invokes may follow); after `</minimax:tool_call>`, text. */
  private endCall(next: "block" | "text"): void {
    this.output.delta("}");
    this.sink({ type: "tool-call-end", callIndex: this.callIndex });
    this.state = next;
    this.afterCall = true;
    this.lexer.markers = next === "block" ? BLOCK_MARKERS : TEXT_MARKERS;
  }

  private schemasOf(name: string): ReadonlyMap<string, unknown> | undefined {
    if (this.schemaCache.has(name)) return this.schemaCache.get(name);
    // No schema, or one without properties: any parameter name is structural (docs/dialects.md §2).
    const schemas = parameterSchemasOf(this.context.tools, name);
    this.schemaCache.set(name, schemas);
    return schemas;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  /** Whether `<parameter name=K>` can start this call's next parameter without a `</parameter>` before it. */
  private readonly isStructural = (name: string): boolean =>
    !this.givenParameters.has(name) &&
    (this.parameterSchemas === undefined || this.parameterSchemas.has(name));

  private readonly isNewParameter = (name: string): boolean => !this.givenParameters.has(name);

  private startValue(name: string, source: string): void {
    this.emitMarkup(source);
    this.givenParameters.add(name);
    this.value = createParameterValue(this.output, {
      name,
      schema: this.parameterSchemas?.get(name),
      index: this.parameterCount,
      dialect: "minimax_m2",
      // The template writes `<parameter name="K">V</parameter>` with no newline of its own: keep V exactly (d127).
      newlines: "exact",
    });
    this.parameterCount++;
    this.depths.parameter = 0;
    this.depths.invoke = 0;
    this.depths.block = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    (this.value as ParameterValue).close();
    this.value = undefined;
    this.state = "invoke";
    this.lexer.markers = INVOKE_MARKERS;
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const value = this.value as ParameterValue;
    const decision = decideValueTag(marker, buffer, index, final, {
      depths: this.depths,
      atLineStart: value.atLineStart,
      isStructural: this.isStructural,
      isNewParameter: this.isNewParameter,
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
        this.emitMarkup(marker);
        return after;
      case "next-parameter":
        this.closeUnclosedValue(marker);
        this.startValue(decision.name, buffer.slice(index, decision.end));
        return decision.end;
      case "end-call":
        this.closeUnclosedValue(marker);
        this.emitMarkup(marker);
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
    this.output.warning(
      "minimax_m2.unclosed_parameter",
      `a parameter of call ${JSON.stringify(this.callName)} had no </parameter>; closed at ${closedBy}`,
      closedBy,
    );
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
