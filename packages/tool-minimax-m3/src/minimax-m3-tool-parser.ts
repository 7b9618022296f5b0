import {
  createMarkerSet,
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import {
  createParameterValue,
  type ParameterValue,
  readName,
  resolveParameterType,
  skipWhitespace,
  TaggedCallWriter,
  TextAfterCalls,
  type ValueOutput,
  type ValueSlot,
} from "@sluice/tool-kit";
import { ElementValue } from "./element-value";
import { DEFAULT_MINIMAX_M3_LIMITS, type MinimaxM3Limits } from "./minimax-m3-limits";
import { BLOCK_TAG, CALL_TAG, NAMESPACE } from "./minimax-m3-markers";
import { type M3Tag, readTag } from "./read-tag";

/** Outside calls (`text`, or right after an invoke's close: `after-call`), between parameters (`call`), in a value. */
type State = "text" | "after-call" | "call" | "value";

const DIALECT = "minimax_m3";
const MARKERS = createMarkerSet([NAMESPACE]);
// Inside a value also a close tag written without the namespace token, which MiniMax's own API has been seen to
// stream (`NS<query>news</query>NS<limit>…`): it closes only where the next tag follows it (closeWithoutNamespace).
const PLAIN_CLOSE = "</";
const VALUE_MARKERS = createMarkerSet([NAMESPACE, PLAIN_CLOSE]);

/**
 * The `minimax_m3` parser (docs/dialects.md §3): a state machine over the marker lexer, whose one marker is the
 * namespace token every tag of a call block starts with.
 * - A call starts at `NS<tool_call>` followed (after whitespace) by `NS<invoke name="N">` (explicit: refused only
 *   by the policy `none`); after an invoke's close the next invoke of the block starts the next call, and
 *   `NS</tool_call>` ends the block. Anything else after a namespace token outside calls is text (lossless).
 * - Each `NS<KEY>` directly in an invoke is a parameter, written by tool-kit's TaggedCallWriter: one the schema
 *   types as a string streams live (tags inside it are its text, as the template writes strings raw); any other
 *   is an ElementValue, whose child tags nest (objects, arrays of `<item>`) and which is typed at its close.
 * - A close tag closes the open element it names, saying each inner one it closes unclosed; one naming nothing
 *   open closes the innermost element with `mismatched_close_tag`. `NS</invoke>`, `NS</tool_call>` or the next
 *   invoke end the call wherever they come, saying what they closed. A repeated parameter is stray text.
 * - A close tag without its namespace token (`</K>`, as MiniMax's API has streamed) closes the innermost element K
 *   only where the next tag or the end follows it; elsewhere it is text.
 * - A stream that ends inside a call cuts it (TaggedCallWriter.cut): nothing is closed for it.
 * Everything it holds is bounded by the limits, except the text of one non-string value.
 */
export class MinimaxM3ToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private state: State = "text";
  // The open parameter: its name, and its elements when it nests.
  private parameter = "";
  private element: ElementValue | undefined;
  // Tags opened inside a string value (its text), or too deep for an element value: their closes are text too.
  private readonly literal: string[] = [];
  private readonly createValue = (output: ValueOutput, slot: ValueSlot): ParameterValue => {
    const { type } = resolveParameterType(slot.schema);
    if (slot.schema !== undefined && type === "string")
      return createParameterValue(output, { ...slot, dialect: DIALECT, newlines: "exact" });
    const prefix = `${slot.index > 0 ? ", " : ""}${JSON.stringify(slot.name)}: `;
    this.element = new ElementValue(output, prefix, slot.name, slot.schema);
    return this.element;
  };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    private readonly limits: MinimaxM3Limits = DEFAULT_MINIMAX_M3_LIMITS,
  ) {
    this.lexer = new MarkerLexer(this, MARKERS);
    this.call = new TaggedCallWriter(context, sink, DIALECT, "exact");
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
    if (this.state === "text" || this.state === "after-call") {
      this.outside.end();
      return;
    }
    // docs/dialects.md §2: a stream that ends inside a call cuts it; nothing closes its value or object.
    this.call.cut();
  }

  text(text: string): void {
    if (this.state === "value") (this.call.value as ParameterValue).append(text);
    else if (this.state === "call") this.call.stray(text);
    else this.passText(text);
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (marker === PLAIN_CLOSE) return this.closeWithoutNamespace(buffer, index, final);
    const tag = readTag(buffer, index + NAMESPACE.length, final, this.limits);
    if (tag.kind === "hold") return HOLD;
    if (tag.kind === "none") {
      // A namespace token no tag follows: text where it is.
      this.text(NAMESPACE);
      return index + NAMESPACE.length;
    }
    const source = buffer.slice(index, tag.end);
    switch (this.state) {
      case "value":
        return this.valueTag(tag, source, index);
      case "call":
        return this.callTag(tag, source, index);
      case "after-call":
        return this.afterCallTag(tag, source, buffer, index, final);
      default:
        return this.blockStart(tag, buffer, index, final);
    }
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private passText(text: string): void {
    // Text after a call: the block's close, or its next invoke, will not come.
    if (this.outside.text(text) && this.state === "after-call") this.state = "text";
  }

  /** `NS<tool_call>`, whitespace, then `NS<invoke name="N">`: a call; anything else is text. */
  private blockStart(tag: M3Tag, buffer: string, index: number, final: boolean): number {
    const notACall = () => {
      this.passText(NAMESPACE);
      return index + NAMESPACE.length;
    };
    if (tag.kind !== "open" || tag.name !== BLOCK_TAG || this.context.callStartPolicy() === "none")
      return notACall();
    const at = skipWhitespace(buffer, tag.end, this.limits.maxWhitespace);
    if (at === -1) return notACall();
    if (buffer.length - at < NAMESPACE.length) {
      return !final && NAMESPACE.startsWith(buffer.slice(at)) ? HOLD : notACall();
    }
    if (!buffer.startsWith(NAMESPACE, at)) return notACall();
    const invoke = readTag(buffer, at + NAMESPACE.length, final, this.limits);
    if (invoke.kind === "hold") return HOLD;
    if (invoke.kind !== "invoke") return notACall();
    this.startCall(invoke.name, buffer.slice(index, invoke.end));
    return invoke.end;
  }

  private afterCallTag(tag: M3Tag, source: string, buffer: string, index: number, final: boolean): number {
    if (tag.kind === "invoke" && this.context.callStartPolicy() !== "none") {
      this.startCall(tag.name, source);
      return index + source.length;
    }
    if (tag.kind === "close" && tag.name === BLOCK_TAG) {
      // The block's own close; whitespace before it is the template's.
      this.call.markup(this.outside.takeHeld() + source);
      this.state = "text";
      return index + source.length;
    }
    return this.blockStart(tag, buffer, index, final);
  }

  private startCall(name: string, source: string): void {
    // Whitespace between two calls is the template's: markup of the new call (docs/dialects.md §2).
    this.call.start(name, this.outside.callStarts() + source);
    this.state = "call";
  }

  /** After the invoke's own close the block's next invoke may follow; after the block's close, text. */
  private endCall(ownClose: boolean): void {
    this.call.end();
    this.outside.callEnded();
    this.state = ownClose ? "after-call" : "text";
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private callTag(tag: M3Tag, source: string, index: number): number {
    const end = index + source.length;
    if (tag.kind === "invoke") return this.restartCall(tag.name, source, end);
    const name = (tag as { name: string }).name;
    if (tag.kind === "open" && name !== BLOCK_TAG && name !== CALL_TAG && !this.call.has(name)) {
      this.openParameter(name, source);
      return end;
    }
    if (tag.kind === "close" && (name === CALL_TAG || name === BLOCK_TAG)) {
      this.call.flushStray();
      this.call.markup(source);
      this.closeCall(name, source);
      return end;
    }
    // A repeated parameter (no duplicate keys), a close with nothing open: stray text of the call.
    this.call.stray(source);
    return end;
  }

  /** The next invoke inside a call: the model left out `NS</invoke>`. */
  private restartCall(name: string, source: string, end: number): number {
    this.call.flushStray();
    this.warnMissingInvokeClose(source);
    this.endCall(true);
    this.startCall(name, source);
    return end;
  }

  /** `NS</invoke>` ends the call; `NS</tool_call>` ends it and the block, the call having had no close. */
  private closeCall(name: string, source: string): void {
    if (name === CALL_TAG) {
      this.endCall(true);
      return;
    }
    this.warnMissingInvokeClose(source);
    this.endCall(false);
  }

  private warnMissingInvokeClose(source: string): void {
    this.call.warn(
      "missing_invoke_close",
      `call ${JSON.stringify(this.call.callName)} had no ${NAMESPACE}</invoke>; ended at ${JSON.stringify(source)}`,
      source,
    );
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private openParameter(name: string, source: string): void {
    this.call.flushStray();
    this.element = undefined;
    this.literal.length = 0;
    this.parameter = name;
    this.call.openValue(name, source, this.createValue);
    this.state = "value";
    this.lexer.markers = VALUE_MARKERS;
  }

  private closeParameter(source: string): void {
    this.call.closeValue();
    this.call.markup(source);
    this.element = undefined;
    this.state = "call";
    this.lexer.markers = MARKERS;
  }

  /**
   * `</K>` with no namespace token: the close of the innermost open element K when the next tag (its namespace
   * token, after optional whitespace) or the end follows it, with `minimax_m3.close_without_namespace`; anything
   * else is the value's text (a string may hold `</K>`).
   */
  private closeWithoutNamespace(buffer: string, index: number, final: boolean): number {
    const value = this.call.value as ParameterValue;
    const open = this.element?.openNames() ?? [this.parameter];
    const innermost = open[open.length - 1] as string;
    const asText = () => {
      value.append(PLAIN_CLOSE);
      return index + PLAIN_CLOSE.length;
    };
    if (this.literal.length > 0) return asText();
    const name = readName(buffer, index + PLAIN_CLOSE.length, final, {
      terminator: ">",
      maxLength: this.limits.maxNameLength,
    });
    if (name.kind === "hold") return HOLD;
    if (name.kind === "invalid" || name.name !== innermost) return asText();
    const at = skipWhitespace(buffer, name.end, this.limits.maxWhitespace);
    if (at === -1) return asText();
    const rest = buffer.length - at;
    if (rest < NAMESPACE.length) {
      if (!final && NAMESPACE.startsWith(buffer.slice(at))) return HOLD;
      if (!(final && rest === 0)) return asText();
    } else if (!buffer.startsWith(NAMESPACE, at)) return asText();
    const source = buffer.slice(index, name.end);
    this.call.warn(
      "close_without_namespace",
      `${JSON.stringify(source)} closes ${JSON.stringify(innermost)} of call ${JSON.stringify(this.call.callName)} without the namespace token`,
      source,
    );
    if (this.element !== undefined && this.element.depth > 1) this.element.closeChild(source);
    else this.closeParameter(source);
    return name.end;
  }

  private valueTag(tag: M3Tag, source: string, index: number): number {
    const end = index + source.length;
    const value = this.call.value as ParameterValue;
    if (tag.kind === "invoke") {
      this.closeUnclosed(source, this.openCount());
      return this.restartCall(tag.name, source, end);
    }
    const { name } = tag as { name: string };
    const { element, literal } = this;
    if (tag.kind === "open") {
      if (element === undefined || element.depth >= this.limits.maxDepth || literal.length > 0) {
        // A string's text, or deeper than the limit: the tag is text, and so will be its close.
        literal.push(name);
        value.append(source);
      } else element.openChild(name, source);
      return end;
    }
    if (literal.length > 0 && literal[literal.length - 1] === name) {
      literal.pop();
      value.append(source);
      return end;
    }
    literal.length = 0;
    const open = element?.openNames() ?? [this.parameter];
    const at = open.lastIndexOf(name);
    if (at === -1 && (name === CALL_TAG || name === BLOCK_TAG)) {
      this.closeUnclosed(source, open.length);
      this.call.markup(source);
      this.closeCall(name, source);
      return end;
    }
    if (at === -1) {
      this.call.warn(
        "mismatched_close_tag",
        `${JSON.stringify(source)} names no open element of parameter ${JSON.stringify(this.parameter)}; it closes ${JSON.stringify(open[open.length - 1])}`,
        source,
      );
    } else this.closeUnclosed(source, open.length - 1 - at);
    if (element !== undefined && element.depth > 1) element.closeChild(source);
    else this.closeParameter(source);
    return end;
  }

  /** How many elements are open in the value, the parameter itself counted. */
  private openCount(): number {
    return this.element?.depth ?? 1;
  }

  /** Closes the `count` innermost open elements, which had no close tag of their own (the parameter last). */
  private closeUnclosed(closedBy: string, count: number): void {
    for (let left = count; left > 0; left--) {
      const open = this.element?.openNames() ?? [this.parameter];
      this.call.warn(
        "unclosed_parameter",
        `element ${JSON.stringify(open[open.length - 1])} of call ${JSON.stringify(this.call.callName)} had no close tag; closed at ${JSON.stringify(closedBy)}`,
        closedBy,
      );
      if (this.element !== undefined && this.element.depth > 1) this.element.closeChild("");
      else this.closeParameter("");
    }
  }
}
