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
import {
  argumentsOutcomeWarnings,
  JsonArgumentsStream,
  TextAfterCalls,
  unterminatedCallWarning,
} from "@sluice/tool-kit";
import { TOOL_CALLS } from "./mistral-markers";
import { parseListCall } from "./parse-list-call";
import { readMistralHeader } from "./read-mistral-header";

/**
 * `text`: outside calls (or `held` may start `[TOOL_CALLS]` and its undecided header); `arguments`: a v11/v13
 * call's JSON object, strict so far; `loose`: its text after the first character that is not strict JSON, up
 * to the next `[TOOL_CALLS]` or the end; `after-call`: right after a call's object; `list`: inside v3's list,
 * between its objects; `list-call`: one object of the list, held whole.
 */
type State = "text" | "arguments" | "loose" | "after-call" | "list" | "list-call";

const OPEN_MARKERS = createMarkerSet([TOOL_CALLS]);
const OPEN_BRACE = 123; // {
const CLOSE_BRACKET = 93; // ]
const COMMA = 44; // ,

/**
 * The `mistral` parser (docs/dialects.md §3), every form after the special token `[TOOL_CALLS]`:
 * - v11 / v13, `NAME[CALL_ID]ID[ARGS]{…}` and `NAME[ARGS]{…}` (also `NAME{…}`, as vLLM's mistral tokenizer mode
 *   decodes it), one `[TOOL_CALLS]` per call and no closer: the call starts once its header is read, its
 *   arguments stream live through tool-kit's JsonArgumentsStream and end with their own `}`. Arguments that are
 *   not strict JSON are held to the next `[TOOL_CALLS]` (or the end) and repaired once; cut off by the end of
 *   the stream, the call is cut, never closed by a guess. `{…}{…}` is one call per object.
 * - v3, `[TOOL_CALLS] [{"name": …, "arguments": {…}}, …]`: each object is held whole (its keys come in either
 *   order, so its name may follow its arguments) and becomes a call when it closes; one that is not a call, or
 *   is cut off, is text with a warning, never run.
 * `[TOOL_CALLS]` is a special token, so it starts a call wherever the segmenter accepts an explicit start
 * (reasoning open included); one not followed by a header is text. Text around calls is text; whitespace
 * between calls is markup. Synchronous and linear; a header is held within fixed bounds, a list's object or a
 * loose call's arguments in full.
 */
export class MistralToolParser implements ToolParser {
  private state: State = "text";
  /** Received and not decided: a piece of `[TOOL_CALLS]`, or the marker and its unfinished header. */
  private held = "";
  private readonly textAfter: TextAfterCalls;
  private callIndex = -1;
  private callName = "";
  private stream: JsonArgumentsStream | undefined;
  private readonly scanner = new JsonScanner();
  /** `list-call`: the object's source so far. */
  private listCall = "";

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {
    this.textAfter = new TextAfterCalls(sink);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return (
      this.held.length + this.textAfter.heldLength + this.listCall.length + (this.stream?.heldLength ?? 0)
    );
  }

  push(text: string): void {
    if (text.length === 0) return;
    const buffer = this.held.length === 0 ? text : this.held + text;
    this.held = "";
    this.run(buffer, false);
  }

  end(): void {
    const buffer = this.held;
    this.held = "";
    if (buffer.length > 0) this.run(buffer, true);
    if (this.state === "arguments" || this.state === "loose") this.endCall(true);
    if (this.state === "list-call") {
      const source = this.listCall;
      this.listCall = "";
      this.warn(
        "unterminated_call",
        "the stream ended inside a call of the [TOOL_CALLS] list; kept as text, not run",
        source,
      );
      this.emitText(source);
    }
    this.textAfter.end();
    this.state = "text";
  }

  private run(buffer: string, final: boolean): void {
    let index = 0;
    while (index < buffer.length) {
      switch (this.state) {
        case "text":
          index = this.scanText(buffer, index, final);
          break;
        case "arguments":
          index = this.scanArguments(buffer, index);
          break;
        case "loose":
          index = this.scanLoose(buffer, index, final);
          break;
        case "after-call":
          index = this.scanAfterCall(buffer, index);
          break;
        case "list":
          index = this.scanList(buffer, index);
          break;
        case "list-call":
          index = this.scanListCall(buffer, index);
          break;
      }
    }
  }

  // ── outside calls ──────────────────────────────────────────────────────────

  private scanText(buffer: string, from: number, final: boolean): number {
    const hit = findMarker(OPEN_MARKERS, buffer, from);
    if (hit === undefined) {
      const keep = final ? buffer.length : heldSuffixStart(OPEN_MARKERS, buffer, from);
      this.emitText(buffer.slice(from, keep));
      this.held = buffer.slice(keep);
      return buffer.length;
    }
    this.emitText(buffer.slice(from, hit.index));
    const after = hit.index + TOOL_CALLS.length;
    if (this.context.callStartPolicy() === "none") {
      this.emitText(TOOL_CALLS);
      return after;
    }
    const header = readMistralHeader(buffer, after, final);
    switch (header.kind) {
      case "hold":
        this.held = buffer.slice(hit.index);
        return buffer.length;
      case "invalid":
        this.emitText(TOOL_CALLS);
        return after;
      case "list":
        this.emitMarkup(this.textAfter.callStarts() + buffer.slice(hit.index, header.listStart + 1));
        this.state = "list";
        return header.listStart + 1;
      case "call":
        this.startCall(header.name, header.upstreamId, buffer.slice(hit.index, header.argumentsStart));
        return header.argumentsStart;
    }
  }

  // ── a v11 / v13 call ───────────────────────────────────────────────────────

  private startCall(name: string, upstreamId: string | undefined, source: string): void {
    this.callIndex = this.context.allocateCallIndex();
    this.callName = name;
    // The start goes first: the segmenter ends an open reasoning span (flushing what it holds) on it.
    this.sink({
      type: "tool-call-start",
      callIndex: this.callIndex,
      name,
      ...(upstreamId === undefined ? {} : { upstreamId }),
    });
    this.emitMarkup(this.textAfter.callStarts() + source);
    const callIndex = this.callIndex;
    this.stream = new JsonArgumentsStream((argumentsJson) =>
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson }),
    );
    this.state = "arguments";
  }

  private scanArguments(buffer: string, from: number): number {
    const stream = this.stream as JsonArgumentsStream;
    const index = stream.push(buffer, from);
    if (stream.status === "complete") this.endCall(false);
    else if (stream.status === "loose") this.state = "loose";
    return index;
  }

  /** Not strict JSON: its strings cannot be told from its structure, so the next `[TOOL_CALLS]` ends it. */
  private scanLoose(buffer: string, from: number, final: boolean): number {
    const stream = this.stream as JsonArgumentsStream;
    const hit = findMarker(OPEN_MARKERS, buffer, from);
    if (hit === undefined) {
      const keep = final ? buffer.length : heldSuffixStart(OPEN_MARKERS, buffer, from);
      stream.append(buffer.slice(from, keep));
      this.held = buffer.slice(keep);
      return buffer.length;
    }
    stream.append(buffer.slice(from, hit.index));
    this.endCall(false);
    this.state = "text";
    return hit.index;
  }

  /**
   * The arguments are over: complete, or (`streamEnded`) cut by the end of the stream. What cannot be finished
   * as the model wrote it gets nothing that closes it: the call is cut.
   */
  private endCall(streamEnded: boolean): void {
    const stream = this.stream as JsonArgumentsStream;
    const outcome = stream.finish();
    const cut = outcome.kind === "cut";
    if (cut && streamEnded) {
      const { code, message } = unterminatedCallWarning(this.callName);
      this.warn(code, message, "");
    }
    for (const { code, message } of argumentsOutcomeWarnings(this.callName, outcome))
      this.warn(code, message, stream.source);
    this.emitMarkup(stream.source);
    this.sink({ type: "tool-call-end", callIndex: this.callIndex, ...(cut ? { cut: true } : {}) });
    this.stream = undefined;
    this.textAfter.callEnded();
    this.state = "after-call";
    if (outcome.kind === "repaired") {
      for (const json of outcome.more) this.emitCall(this.callName, json, "");
    }
  }

  /** Right after a call's object: `{` is a second object of the same call (`{…}{…}`); anything else is text. */
  private scanAfterCall(buffer: string, from: number): number {
    let index = from;
    while (index < buffer.length && isJsonWhitespace(buffer.charCodeAt(index))) index++;
    if (index > from) this.textAfter.text(buffer.slice(from, index));
    if (index === buffer.length) return index;
    if (buffer.charCodeAt(index) === OPEN_BRACE && this.textAfter.heldLength === index - from) {
      this.warn(
        "split_arguments",
        `call ${JSON.stringify(this.callName)}: another JSON object followed the arguments; one call each`,
        "",
      );
      this.startCall(this.callName, undefined, "");
      return index;
    }
    this.state = "text";
    return index;
  }

  // ── v3's list ──────────────────────────────────────────────────────────────

  private scanList(buffer: string, from: number): number {
    let index = from;
    while (index < buffer.length) {
      const code = buffer.charCodeAt(index);
      if (isJsonWhitespace(code) || code === COMMA) {
        index++;
        continue;
      }
      this.emitMarkup(buffer.slice(from, index));
      if (code === OPEN_BRACE) {
        this.scanner.reset();
        this.listCall = "";
        this.state = "list-call";
        return index;
      }
      if (code === CLOSE_BRACKET) {
        this.emitMarkup("]");
        this.textAfter.callEnded();
        this.state = "text";
        return index + 1;
      }
      // Not the list's syntax: the list is over without its `]`, and what follows is text.
      this.warn("unterminated_list", "the [TOOL_CALLS] list ended without its ]", "");
      this.textAfter.callEnded();
      this.state = "text";
      return index;
    }
    this.emitMarkup(buffer.slice(from, index));
    return index;
  }

  private scanListCall(buffer: string, from: number): number {
    const end = this.scanner.scan(buffer, from);
    if (end === -1) {
      this.listCall += buffer.slice(from);
      return buffer.length;
    }
    const source = this.listCall + buffer.slice(from, end);
    this.listCall = "";
    const call = parseListCall(source);
    if (call.kind === "call") {
      this.emitCall(call.name, call.argumentsJson, source);
    } else {
      this.warn(
        "malformed_call",
        `an object of the [TOOL_CALLS] list is not a call (${call.reason}); kept as text`,
        source,
      );
      this.emitText(source);
    }
    this.state = "list";
    return end;
  }

  /** A call known whole: its start, its arguments in one delta, its end. */
  private emitCall(name: string, argumentsJson: string, source: string): void {
    const callIndex = this.context.allocateCallIndex();
    this.sink({ type: "tool-call-start", callIndex, name });
    this.emitMarkup(source);
    this.sink({ type: "tool-call-delta", callIndex, argumentsJson });
    this.sink({ type: "tool-call-end", callIndex });
  }

  private warn(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code: `mistral.${code}`, message, raw });
  }

  private emitText(text: string): void {
    if (text.length > 0) this.textAfter.text(text);
  }

  private emitMarkup(text: string): void {
    if (text.length > 0) this.sink({ type: "markup", text });
  }
}
