import { isJsonWhitespace, type ParserContext, type SegmentSink } from "@sluice/core";
import { parseToolArguments } from "@sluice/tool-concat-repair";
import { JsonArgumentsStream } from "@sluice/tool-kit";
import { droppedCallNotice } from "./dropped-call-notice";
import { LooseArgumentsScan } from "./loose-arguments-scan";

/** Where a call's segments go, and what the merger counts. */
export interface CallOutput {
  readonly context: ParserContext;
  readonly sink: SegmentSink;
  /** A call's block started (an object split off a call counts as one). */
  readonly started: () => void;
  /** A call that never reached the client was dropped, with a notice in its place. */
  readonly dropped: () => void;
  /** A call that had started could not be finished as the model wrote it. */
  readonly cut: (description: string) => void;
}

/** How the arguments begin: undecided, as strict JSON (`{"` or `{}`), or not (held whole). */
type Beginning = "pending" | "strict" | "loose";

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const QUOTE = 34;

/**
 * One structured call from `delta.tool_calls` (docs/dialects.md §2, "Structured upstream tool calls"): one
 * JSON object of arguments, one block. `waiting` until the merger makes it the open call; `live` while its
 * block streams; `done` once its block ended or it was dropped.
 *
 * - Arguments that begin as strict JSON stream through tool-kit's JsonArgumentsStream, the raw JSON dialects'
 *   policy: what has arrived goes out as far as it is a JSON prefix that can be closed. Deltas produced while
 *   the call waits are kept and go out at once when it goes live. The object closes at its own `}`: the block
 *   ends there, and what follows is the merger's (another object, `{…}{…}`, is a call of its own).
 * - Arguments that do not begin as strict JSON (`{'a': …}`, `[…]`, a bare word) have nothing to stream: the
 *   call is held whole, never started, and decided at its end with concat_repair, as every call was before:
 *   a call, several calls, or dropped with a notice the client can see.
 * - A live call whose arguments turn non-strict later is held from there and repaired at its end, when the
 *   repair continues what was streamed; otherwise, and when they are cut off, the call is cut: its end says
 *   so, and its block stays open.
 */
export class StructuredCall {
  wireId: string | undefined;
  name: string | undefined;
  phase: "waiting" | "live" | "done" = "waiting";
  /** The strict object closed at its `}`. */
  objectComplete = false;
  private beginning: Beginning = "pending";
  private sawBrace = false;
  private readonly stream: JsonArgumentsStream;
  private loose: LooseArgumentsScan | undefined;
  private readonly heldDeltas: string[] = [];
  private callIndex = -1;

  /** `passesId`: the block starts with the upstream id (not for the objects split off after the first). */
  constructor(
    private readonly output: CallOutput,
    private readonly passesId: boolean,
  ) {
    this.stream = new JsonArgumentsStream((argumentsJson) => {
      if (this.phase === "live")
        this.output.sink({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson });
      else this.heldDeltas.push(argumentsJson);
    });
  }

  /**
   * The merger may open its block now: it has a name, and its arguments begin as strict JSON. Only how they
   * begin counts, not how far they stayed strict, so whether a call started depends on its text alone, never
   * on how the upstream cut it into fragments (docs/architecture.md I3).
   */
  get startable(): boolean {
    return this.name !== undefined && (this.objectComplete || this.beginning === "strict");
  }

  /** A held call's text is complete as far as structure goes: what follows in the stream may decide it. */
  get decidable(): boolean {
    return this.loose?.decidable ?? false;
  }

  /**
   * Takes the fragment text that belongs to this call's object; returns where it stopped: `text.length`, or
   * just after the object's closing `}` (the rest is the merger's). Nothing once the object closed.
   */
  append(text: string): number {
    if (this.objectComplete || this.phase === "done") return 0;
    if (this.loose !== undefined) {
      this.stream.append(text);
      this.loose.scan(text);
      return text.length;
    }
    if (this.beginning === "pending") this.readBeginning(text);
    const stop = this.stream.push(text);
    const status = this.stream.status;
    if (status === "complete") {
      this.objectComplete = true;
      if (this.phase === "live") this.end();
      return stop;
    }
    if (status === "loose") {
      this.stream.append(text.slice(stop));
      this.loose = new LooseArgumentsScan();
      this.loose.scan(this.stream.source);
    }
    return text.length;
  }

  /** Opens the block: the start, then every delta produced while it waited; ends it at once if complete. */
  goLive(): void {
    this.callIndex = this.output.context.allocateCallIndex();
    this.startBlock(this.callIndex);
    this.phase = "live";
    this.output.started();
    if (this.heldDeltas.length > 0) {
      const argumentsJson = this.heldDeltas.join("");
      this.heldDeltas.length = 0;
      this.output.sink({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson });
    }
    if (this.objectComplete) this.end();
  }

  /**
   * The live call's arguments are over (what follows decided it, or the stream ended) before its strict
   * object closed: a non-strict tail is repaired when the repair continues what was streamed; otherwise,
   * and when the object was cut off, the call is cut: its block stays open.
   */
  finishLive(): void {
    const name = this.name as string;
    const outcome = this.stream.finish();
    if (outcome.kind === "repaired") {
      this.warn("tool_call.repaired", `the arguments of ${name} were repaired into JSON`, this.stream.source);
      this.end();
      for (const json of outcome.more) this.emitWhole(json, false);
      if (outcome.more.length + outcome.dropped > 0)
        this.warn(
          "tool_call.split",
          `the arguments of ${name} held ${outcome.more.length + outcome.dropped + 1} objects: emitted as ${outcome.more.length + 1} calls`,
          this.stream.source,
        );
      return;
    }
    if (outcome.kind === "cut") {
      const truncated = outcome.reason === "truncated";
      this.cut(
        truncated ? "tool_call.truncated" : "tool_call.malformed",
        truncated ? "were cut off before they were complete" : `are not usable: ${outcome.detail}`,
      );
      return;
    }
    this.end();
  }

  /**
   * The live call cannot be finished as the model wrote it: its block is left open (`cut`), so no client
   * takes it for a finished call, and the turn ends there (max_tokens or an error, the stop reason's call).
   */
  cut(code: string, what: string): void {
    const name = this.name as string;
    this.warn(
      code,
      `the arguments of ${name} ${what}; the call is cut, never reported as complete`,
      this.stream.source,
    );
    this.output.cut(`the arguments of tool call ${JSON.stringify(name)} ${what}`);
    this.phase = "done";
    this.output.sink({ type: "tool-call-end", callIndex: this.callIndex, cut: true });
  }

  /**
   * Decides a call that never started, from its whole text (concat_repair, as before calls streamed): one or
   * more calls, or dropped with a notice the client sees and a warning.
   */
  decideWhole(): void {
    this.phase = "done";
    const text = this.stream.source;
    const name = this.name;
    if (name === undefined) {
      this.drop(
        "tool_call.missing_name",
        "a structured tool call never got a name",
        "it never got a name",
        text,
      );
      return;
    }
    const result = parseToolArguments(text);
    if (result.kind === "truncated") {
      this.drop(
        "tool_call.truncated",
        `the arguments of ${name} end mid-JSON; the call is dropped, never completed by guessing`,
        "its arguments were cut off before they were complete",
        result.raw,
      );
      return;
    }
    if (result.kind === "malformed") {
      this.drop(
        "tool_call.malformed",
        `the arguments of ${name} are not usable (${result.reason}); the call is dropped`,
        `its arguments are not usable (${result.reason})`,
        result.raw,
      );
      return;
    }
    result.calls.forEach((parsed, position) => {
      this.emitWhole(parsed.json, position === 0 && this.passesId);
    });
    if (result.repaired)
      this.warn("tool_call.repaired", `the arguments of ${name} were repaired into JSON`, text);
    if (result.split)
      this.warn(
        "tool_call.split",
        `the arguments of ${name} held ${result.calls.length} objects: emitted as that many calls`,
        text,
      );
  }

  /** The strict `{"` / `{}` rule of the raw JSON dialects, read from the first characters. */
  private readBeginning(text: string): void {
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (isJsonWhitespace(code)) continue;
      if (!this.sawBrace) {
        if (code !== OPEN_BRACE) {
          this.beginning = "loose";
          return;
        }
        this.sawBrace = true;
        continue;
      }
      this.beginning = code === QUOTE || code === CLOSE_BRACE ? "strict" : "loose";
      return;
    }
  }

  private startBlock(callIndex: number, withId = this.passesId): void {
    const name = this.name as string;
    const upstreamId = withId ? this.wireId : undefined;
    this.output.sink(
      upstreamId === undefined
        ? { type: "tool-call-start", callIndex, name }
        : { type: "tool-call-start", callIndex, name, upstreamId },
    );
  }

  private end(): void {
    this.phase = "done";
    this.output.sink({ type: "tool-call-end", callIndex: this.callIndex });
  }

  /** A call whose whole arguments are known: start, one delta, end. */
  private emitWhole(argumentsJson: string, withId: boolean): void {
    const callIndex = this.output.context.allocateCallIndex();
    this.startBlock(callIndex, withId);
    this.output.started();
    this.output.sink({ type: "tool-call-delta", callIndex, argumentsJson });
    this.output.sink({ type: "tool-call-end", callIndex });
  }

  private drop(code: string, message: string, reason: string, raw: string): void {
    this.output.dropped();
    this.warn(code, message, raw);
    this.output.sink({ type: "text", text: droppedCallNotice(this.name, reason) });
  }

  private warn(code: string, message: string, raw: string): void {
    this.output.sink({ type: "warning", code, message, raw });
  }
}
