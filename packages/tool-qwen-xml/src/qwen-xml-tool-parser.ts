import {
  HOLD,
  isJsonWhitespace,
  type JsonSchema,
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
// Whitespace after a call is held to see whether another call follows; a longer run is passed on.
const MAX_HELD_WHITESPACE = 4096;
// The raw text a stray-text warning quotes.
const MAX_STRAY_RAW = 256;

/**
 * The `qwen_xml` tool parser (docs/dialects.md §2): a synchronous state machine over the marker lexer —
 * text, between the parameters of a call (`function`), inside a value. Text outside calls goes out as
 * `text`; a call as `tool-call-start`, argument deltas it builds itself (string values streamed live),
 * `tool-call-end`, with its whole source as `markup`. Everything it holds is bounded by the limits,
 * except the text of one non-string value.
 */
export class QwenXmlToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly output: ValueOutput;
  private state: State = "text";

  // Outside calls. The start of the stream counts as the start of a line (t006).
  private lastCode = LINE_FEED;
  private afterCall = false;
  private afterFunction = false;
  private heldWhitespace = "";

  // The open call.
  private callIndex = -1;
  private callName = "";
  private parameterSchemas: ReadonlyMap<string, unknown> | undefined;
  private readonly givenParameters = new Set<string>();
  private parameterCount = 0;
  private strayText = "";
  private strayFound = false;

  // The open value, and the literal tags nested in it (t026, t028).
  private value: ParameterValue | undefined;
  private readonly depths: LiteralDepths = { parameter: 0, function: 0, toolCall: 0 };

  private readonly schemaCache = new Map<string, ReadonlyMap<string, unknown> | undefined>();

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    private readonly limits: QwenXmlLimits,
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
      // Whitespace after the last call is text after the calls (docs/dialects.md §2).
      if (this.heldWhitespace.length > 0) this.sink({ type: "text", text: this.heldWhitespace });
      this.heldWhitespace = "";
      return;
    }
    // docs/dialects.md §2: a stream that ends inside a call closes the open value and the call.
    if (this.state === "value") this.closeValue();
    this.flushStray();
    this.output.warning(
      "qwen_xml.unterminated_call",
      `the stream ended inside call ${JSON.stringify(this.callName)}; closed with what was received`,
      "",
    );
    this.endCall(false);
  }

  text(text: string): void {
    if (this.state === "value") (this.value as ParameterValue).append(text);
    else if (this.state === "function") this.functionText(text);
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

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === TOOL_CALL_CLOSE) {
      // Only live right after `</function>`: the call's own closing tag.
      this.emitMarkup(this.heldWhitespace + marker);
      this.heldWhitespace = "";
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

  private leaveAfterCall(): void {
    this.afterCall = false;
    if (this.afterFunction) {
      this.afterFunction = false;
      this.lexer.markers = TEXT_MARKERS;
    }
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
    this.afterFunction = false;
    this.output.delta("{");
    this.parameterSchemas = this.schemasOf(name);
    this.givenParameters.clear();
    this.parameterCount = 0;
    this.state = "function";
    this.lexer.markers = FUNCTION_MARKERS;
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private functionText(text: string): void {
    this.emitMarkup(text);
    if (!this.strayFound && !isAllWhitespace(text)) this.strayFound = true;
    if (this.strayText.length < MAX_STRAY_RAW)
      this.strayText += text.slice(0, MAX_STRAY_RAW - this.strayText.length);
  }

  private functionMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === PARAMETER_OPEN) {
      const name = readTagName(buffer, after, final, this.limits.maxNameLength, "parameter");
      if (name.kind === "hold") return HOLD;
      if (name.kind === "invalid" || this.givenParameters.has(name.name)) {
        // A `<parameter=` with no `>` on its line, or a repeated one, is stray text: no duplicate keys.
        this.functionText(marker);
        return after;
      }
      this.flushStray();
      this.startValue(name.name, buffer.slice(index, name.end));
      return name.end;
    }
    this.flushStray();
    this.emitMarkup(marker);
    if (marker === TOOL_CALL_CLOSE) {
      // t067: `</tool_call>` with no `</function>` ends the call too.
      this.output.warning(
        "qwen_xml.missing_function_close",
        `call ${JSON.stringify(this.callName)} ended by </tool_call> without </function>`,
        marker,
      );
    }
    this.endCall(marker === FUNCTION_CLOSE);
    return after;
  }

  private flushStray(): void {
    if (this.strayFound) {
      this.output.warning(
        "qwen_xml.stray_text_in_call",
        `text between the parameters of call ${JSON.stringify(this.callName)} is not part of any value; kept as markup`,
        this.strayText.trim(),
      );
    }
    this.strayFound = false;
    this.strayText = "";
  }

  private endCall(afterFunction: boolean): void {
    this.output.delta("}");
    this.sink({ type: "tool-call-end", callIndex: this.callIndex });
    this.state = "text";
    this.afterCall = true;
    this.afterFunction = afterFunction;
    this.lastCode = GREATER_THAN;
    this.lexer.markers = afterFunction ? AFTER_FUNCTION_MARKERS : TEXT_MARKERS;
  }

  private schemasOf(name: string): ReadonlyMap<string, unknown> | undefined {
    if (this.schemaCache.has(name)) return this.schemaCache.get(name);
    // No schema, or one without properties: any parameter name is structural (docs/dialects.md §2).
    const schemas = parameterSchemasOf(this.context.tools, name);
    this.schemaCache.set(name, schemas);
    return schemas;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  /** Whether `<parameter=name>` can start this call's next parameter (docs/dialects.md §2: closing is structural). */
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
      dialect: "qwen_xml",
    });
    this.parameterCount++;
    this.depths.parameter = 0;
    this.depths.function = 0;
    this.depths.toolCall = 0;
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeValue(): void {
    (this.value as ParameterValue).close();
    this.value = undefined;
    this.state = "function";
    this.lexer.markers = FUNCTION_MARKERS;
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
          this.output.warning(
            "qwen_xml.drifted_close_tag",
            `parameter closed by the drifted tag ${JSON.stringify(source)}`,
            source,
          );
        }
        this.emitMarkup(source);
        return decision.end;
      }
      case "next-parameter":
        this.closeUnclosedValue(marker);
        this.startValue(decision.name, buffer.slice(index, decision.end));
        return decision.end;
      case "end-call":
        this.closeUnclosedValue(marker);
        this.emitMarkup(marker);
        this.endCall(marker === FUNCTION_CLOSE);
        return index + marker.length;
    }
  }

  private closeUnclosedValue(closedBy: string): void {
    this.closeValue();
    this.output.warning(
      "qwen_xml.unclosed_parameter",
      `a parameter of call ${JSON.stringify(this.callName)} had no </parameter>; closed at ${closedBy}`,
      closedBy,
    );
  }

  private emitMarkup(text: string): void {
    if (text.length > 0) this.sink({ type: "markup", text });
  }
}

const NOT_A_CALL = { kind: "text" } as const;

function isAllWhitespace(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    if (!isJsonWhitespace(text.charCodeAt(index))) return false;
  }
  return true;
}
