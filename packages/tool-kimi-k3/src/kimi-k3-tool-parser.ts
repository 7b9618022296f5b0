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
  DEFAULT_XTML_LIMITS,
  readXtmlTag,
  XTML_CLOSE,
  XTML_OPEN,
  type XtmlLimits,
  type XtmlTag,
} from "@sluice/reasoning-kimi-k3";
import {
  type ParameterValue,
  StringValueStream,
  skipWhitespace,
  TaggedCallWriter,
  TextAfterCalls,
  type ValueOutput,
  type ValueSlot,
} from "@sluice/tool-kit";
import { readJsonBody } from "./json-body";
import { ModelTypedValue } from "./model-typed-value";

/**
 * Outside calls (`text`; `after-call` right after a call's close, in its tools channel), between a call's arguments
 * (`call`), in an argument's value, in a json body, or in a call given up (`skip`: its json body was no object).
 */
type State = "text" | "after-call" | "call" | "value" | "json" | "skip";
type Tag = Extract<XtmlTag, { kind: "tag" }>;

const DIALECT = "kimi_k3";
const MARKERS = createMarkerSet([XTML_OPEN, XTML_CLOSE]);
// Inside a value or a json body only a close tag can end it: an opener there is the value's text.
const CLOSE_ONLY = createMarkerSet([XTML_CLOSE]);

/**
 * The `kimi_k3` parser (docs/dialects.md §3): a state machine over the marker lexer, whose markers are K3's
 * `<|open|>` and `<|close|>` control tokens; each tag is read up to its `<|sep|>` (readXtmlTag, bounded).
 * - A call starts at `<|open|>tools<|sep|>` followed (after whitespace) by `<|open|>call tool="N" …<|sep|>`, or at
 *   such a call opener alone; both are explicit starts, refused only by the policy `none`. After a call's close the
 *   next call of the channel may follow; `<|close|>tools<|sep|>` ends the channel. Any other tag outside calls is
 *   text, for the reasoning dialect (which drops the channel wrappers).
 * - `<|open|>argument key="K" type="T"<|sep|>` opens a value, written by tool-kit's TaggedCallWriter: `string` (or no
 *   type) streams live and raw, any other type is JSON text held to `<|close|>argument<|sep|>` (ModelTypedValue).
 *   `<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>` gives the call's arguments as one object; one that is
 *   no object cuts the call (`kimi_k3.invalid_json_body`). Attribute values are entity-decoded; `index` is ignored,
 *   calls go in emission order.
 * - `<|close|>call<|sep|>`, `<|close|>tools<|sep|>` or the next call opener end the call wherever they come, saying
 *   what they closed unclosed. A repeated argument is stray text of the call.
 * - A stream that ends inside a call cuts it (TaggedCallWriter.cut): nothing is closed for it.
 * Everything it holds is bounded by the limits, except the text of one non-string value or json body.
 */
export class KimiK3ToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private state: State = "text";
  private argumentName = "";
  private json = "";
  private readonly createValue = (output: ValueOutput, slot: ValueSlot, type: string): ParameterValue => {
    const prefix = `${slot.index > 0 ? ", " : ""}${JSON.stringify(slot.name)}: `;
    return type === "string"
      ? new StringValueStream(output, prefix, false, "exact")
      : new ModelTypedValue(output, prefix, slot.name, type);
  };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    private readonly limits: XtmlLimits = DEFAULT_XTML_LIMITS,
  ) {
    this.lexer = new MarkerLexer(this, MARKERS);
    this.call = new TaggedCallWriter(context, sink, DIALECT, "exact");
    this.outside = new TextAfterCalls(sink);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return this.lexer.pending.length + this.outside.heldLength + this.call.heldLength + this.json.length;
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    switch (this.state) {
      case "text":
      case "after-call":
        this.outside.end();
        return;
      case "skip":
        return;
      case "json":
        this.call.markup(this.json);
        this.json = "";
        break;
    }
    // docs/dialects.md §2: a stream that ends inside a call cuts it; nothing closes its value or object.
    this.call.cut();
  }

  text(text: string): void {
    switch (this.state) {
      case "value":
        (this.call.value as ParameterValue).append(text);
        return;
      case "json":
        this.json += text;
        return;
      case "call":
        this.call.stray(text);
        return;
      case "skip":
        this.call.markup(text);
        return;
      default:
        this.passText(text);
    }
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    const tag = readXtmlTag(buffer, index + marker.length, final, this.limits);
    if (tag.kind === "hold") return HOLD;
    if (tag.kind === "none") {
      // A control token no tag follows: text where it is.
      this.text(marker);
      return index + marker.length;
    }
    const opens = marker === XTML_OPEN;
    const source = buffer.slice(index, tag.end);
    switch (this.state) {
      case "value":
        return this.valueTag(opens, tag, source);
      case "json":
        return this.jsonTag(opens, tag, source);
      case "call":
        return this.callTag(opens, tag, source);
      case "skip":
        return this.skipTag(opens, tag, source);
      case "after-call":
        return this.afterCallTag(opens, tag, source, buffer, index, final);
      default:
        return this.outsideTag(opens, tag, source, buffer, index, final);
    }
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private passText(text: string): void {
    // Text after a call: the channel's close, or its next call, will not come.
    if (this.outside.text(text) && this.state === "after-call") this.state = "text";
  }

  /** `<|open|>tools<|sep|>`, whitespace, then a call opener; or a call opener alone: a call. Anything else is text. */
  private outsideTag(
    opens: boolean,
    tag: Tag,
    source: string,
    buffer: string,
    index: number,
    final: boolean,
  ): number {
    const asText = () => {
      this.passText(source);
      return tag.end;
    };
    if (!opens || this.context.callStartPolicy() === "none") return asText();
    if (tag.name === "call") {
      const name = tag.attributes.get("tool");
      if (name === undefined || name === "") return asText();
      this.startCall(name, source);
      return tag.end;
    }
    if (tag.name !== "tools") return asText();
    const at = skipWhitespace(buffer, tag.end, this.limits.maxWhitespace);
    if (at === -1) return asText();
    if (buffer.length - at < XTML_OPEN.length) {
      return !final && XTML_OPEN.startsWith(buffer.slice(at)) ? HOLD : asText();
    }
    if (!buffer.startsWith(XTML_OPEN, at)) return asText();
    const call = readXtmlTag(buffer, at + XTML_OPEN.length, final, this.limits);
    if (call.kind === "hold") return HOLD;
    const name = call.kind === "tag" && call.name === "call" ? call.attributes.get("tool") : undefined;
    if (call.kind !== "tag" || name === undefined || name === "") return asText();
    this.startCall(name, buffer.slice(index, call.end));
    return call.end;
  }

  private afterCallTag(
    opens: boolean,
    tag: Tag,
    source: string,
    buffer: string,
    index: number,
    final: boolean,
  ): number {
    if (!opens && tag.name === "tools") {
      // The channel's own close; whitespace before it is the template's.
      this.call.markup(this.outside.takeHeld() + source);
      this.state = "text";
      return tag.end;
    }
    return this.outsideTag(opens, tag, source, buffer, index, final);
  }

  private startCall(name: string, source: string): void {
    // Whitespace between two calls is the template's: markup of the new call (docs/dialects.md §2).
    this.call.start(name, this.outside.callStarts() + source);
    this.state = "call";
  }

  /** After the call's own close the channel's next call may follow; after the channel's close, text. */
  private endCall(ownClose: boolean): void {
    this.call.end();
    this.outside.callEnded();
    this.state = ownClose ? "after-call" : "text";
  }

  // ── between arguments ───────────────────────────────────────────────────────

  private callTag(opens: boolean, tag: Tag, source: string): number {
    if (opens && tag.name === "argument") {
      const key = tag.attributes.get("key");
      if (key !== undefined && !this.call.has(key)) {
        this.openArgument(key, tag.attributes.get("type") ?? "string", source);
        return tag.end;
      }
    } else if (opens && tag.name === "json") {
      this.call.flushStray();
      this.call.markup(source);
      this.state = "json";
      this.lexer.markers = CLOSE_ONLY;
      return tag.end;
    } else if (this.endsCall(opens, tag, source)) return tag.end;
    // A repeated argument, a key-less one, any other tag: stray text of the call.
    this.call.stray(source);
    return tag.end;
  }

  /**
   * `<|close|>call<|sep|>` ends the call; `<|close|>tools<|sep|>` ends it and the channel, and the next call opener
   * ends it and starts that call, the call having had no close either way. False for any other tag.
   */
  private endsCall(opens: boolean, tag: Tag, source: string): boolean {
    const nextName = opens && tag.name === "call" ? tag.attributes.get("tool") : undefined;
    const closes = !opens && (tag.name === "call" || tag.name === "tools");
    if (!closes && (nextName === undefined || nextName === "")) return false;
    this.call.flushStray();
    if (!opens && tag.name === "call") {
      this.call.markup(source);
      this.endCall(true);
      return true;
    }
    this.call.warn(
      "missing_call_close",
      `call ${JSON.stringify(this.call.callName)} had no <|close|>call<|sep|>; ended at ${JSON.stringify(source)}`,
      source,
    );
    if (closes) {
      this.call.markup(source);
      this.endCall(false);
    } else {
      this.endCall(true);
      this.startCall(nextName as string, source);
    }
    return true;
  }

  // ── inside a value or a json body ──────────────────────────────────────────

  private openArgument(key: string, type: string, source: string): void {
    this.argumentName = key;
    this.call.openValue(key, source, (output, slot) => this.createValue(output, slot, type));
    this.state = "value";
    this.lexer.markers = CLOSE_ONLY;
  }

  private leaveValue(): void {
    this.state = "call";
    this.lexer.markers = MARKERS;
  }

  private valueTag(opens: boolean, tag: Tag, source: string): number {
    if (!opens && tag.name === "argument") {
      this.call.closeValue();
      this.call.markup(source);
      this.leaveValue();
      return tag.end;
    }
    if (!opens && (tag.name === "call" || tag.name === "tools")) {
      this.call.warn(
        "unclosed_argument",
        `argument ${JSON.stringify(this.argumentName)} of call ${JSON.stringify(this.call.callName)} had no <|close|>argument<|sep|>; closed at ${JSON.stringify(source)}`,
        source,
      );
      this.call.closeValue();
      this.leaveValue();
      this.endsCall(opens, tag, source);
      return tag.end;
    }
    // Any other close tag is the value's text (a string holds what it holds).
    (this.call.value as ParameterValue).append(source);
    return tag.end;
  }

  private jsonTag(opens: boolean, tag: Tag, source: string): number {
    const closesJson = !opens && tag.name === "json";
    if (!closesJson && !(!opens && (tag.name === "call" || tag.name === "tools"))) {
      this.json += source;
      return tag.end;
    }
    const text = this.json;
    this.json = "";
    this.lexer.markers = MARKERS;
    const body = readJsonBody(text, (key) => this.call.has(key));
    if (body.kind === "invalid") {
      this.call.markup(text + (closesJson ? source : ""));
      this.call.cut({
        code: "invalid_json_body",
        message: `the json body of call ${JSON.stringify(this.call.callName)} is not a JSON object; the call is cut and not run`,
        raw: text,
      });
      this.state = "skip";
      if (!closesJson) this.skipTag(opens, tag, source);
      return tag.end;
    }
    if (body.members.length > 0)
      this.call.output.delta(`${this.call.argumentCount > 0 ? ", " : ""}${body.members}`);
    this.call.addWritten(body.keys);
    this.call.markup(text);
    this.state = "call";
    if (closesJson) this.call.markup(source);
    else {
      this.call.warn(
        "unclosed_json",
        `the json body of call ${JSON.stringify(this.call.callName)} had no <|close|>json<|sep|>; closed at ${JSON.stringify(source)}`,
        source,
      );
      this.endsCall(opens, tag, source);
    }
    return tag.end;
  }

  /** A call given up: its markup to its close, then outside calls again. */
  private skipTag(opens: boolean, tag: Tag, source: string): number {
    this.call.markup(source);
    if (!opens && tag.name === "call") {
      this.outside.callEnded();
      this.state = "after-call";
    } else if (!opens && tag.name === "tools") this.state = "text";
    return tag.end;
  }
}
