import {
  createMarkerSet,
  findMarker,
  heldSuffixStart,
  isJsonWhitespace,
  isMarkerPrefix,
  type MarkerSet,
  markerAt,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { argumentsOutcomeWarnings, unterminatedCallWarning } from "./arguments-outcome-warnings";
import { type JsonArgumentsOutcome, JsonArgumentsStream } from "./json-arguments-stream";
import type { JsonToolCallGrammar } from "./json-tool-call-grammar";
import { repairStreamedArguments } from "./repair-streamed-arguments";
import { skipWhitespace } from "./skip-whitespace";

/**
 * `text`: outside calls; `section`: after a call, before the next call or the section's closer;
 * `arguments`: inside a call's JSON object; `after-arguments`: after the object, before the call's closer;
 * `held-call`: a call whose first member is not strict JSON, held whole until its closer.
 */
type State = "text" | "section" | "arguments" | "after-arguments" | "held-call";

/** What a marker met outside calls is. */
type OpeningDecision =
  | { readonly kind: "hold" }
  /** The marker is text; scanning goes on right after it. */
  | { readonly kind: "text" }
  /** Syntax without a call, up to `end`: an empty section, a trailing end-of-sentence marker. */
  | { readonly kind: "markup"; readonly end: number }
  | {
      readonly kind: "call";
      readonly name: string;
      readonly argumentsStart: number;
      readonly closingFence?: string | undefined;
      /** The object's first member is strict JSON (or it is `{}`): the call streams; else it is held. */
      readonly strict: boolean;
    };

const HOLD: OpeningDecision = { kind: "hold" };
const TEXT: OpeningDecision = { kind: "text" };
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const QUOTE = 34;
// Whitespace between markers while a start is being decided (a bounded hold).
const MAX_WHITESPACE = 64;
// Whitespace held after a call or its arguments; a longer run is passed on.
const MAX_SEPARATOR_WHITESPACE = 4096;

/**
 * The parser of a format whose calls carry a JSON object between markers (docs/dialects.md §3: `kimi_k2`,
 * `deepseek_v31`), given its markers and header reader (JsonToolCallGrammar):
 * - A call starts at a section opener (explicit: accepted unless the policy is `none`) or a bare call opener
 *   (only under `all`), confirmed by a complete header up to the `{` of its arguments; `tool-call-start`
 *   goes out then. An opener not followed by a call is text (lossless); an empty section is markup.
 * - The arguments stream live through JsonArgumentsStream: string-aware while they are strict JSON (a marker
 *   inside a string is data); past the first character that is not, the next marker ends them and they are
 *   repaired at the close. A call is complete when its object closed (its end marker may be missing) or its
 *   near-JSON repairs; what was repaired or split (`{…}{…}`) is said with a warning. Arguments cut off by the
 *   end of the stream, or not repairable, are never closed by a guess: the call's end says `cut` (its block
 *   stays open and the turn ends there, docs/dialects.md §2).
 * - A call whose first member is already not strict JSON (`{'a': …}`) has nothing to stream: it is held
 *   whole, with no start yet, and decided at its closer as hermes decides a body — repaired, it is a call;
 *   cut off or not repairable, its source is text (lossless, never run).
 * - Whitespace between markers and calls is markup; text before, between and after sections is text. A
 *   trailing end-of-sentence marker is markup. The whole source of a call is `markup`.
 * Synchronous and linear; what it holds is bounded by the marker lookahead, except one call's arguments
 * once they are not strict JSON.
 */
export class JsonToolCallParser implements ToolParser {
  private readonly markers: MarkerSet;
  private state: State = "text";
  /** Text received and not decided yet (a marker and its lookahead, or a marker's prefix). */
  private held = "";
  /** `section`: whitespace after a call; markup if another call or the closer follows. */
  private separator = "";

  // The open call.
  private callIndex = -1;
  private callName = "";
  private closingFence: string | undefined;
  private fenceSeen = false;
  private stream: JsonArgumentsStream | undefined;
  /** `after-arguments`: whitespace (and the fence) between the object and the call's closer. */
  private afterArguments = "";
  /** `held-call`: the call's source from its opener on; its arguments start at `heldArgumentsStart`. */
  private heldCall = "";
  private heldArgumentsStart = 0;

  constructor(
    private readonly grammar: JsonToolCallGrammar,
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
  ) {
    this.markers = createMarkerSet([
      ...grammar.sectionOpeners,
      ...grammar.sectionClosers,
      grammar.callOpener,
      grammar.callCloser,
      ...grammar.trailingMarkers,
    ]);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return (
      this.held.length +
      this.separator.length +
      this.afterArguments.length +
      this.heldCall.length +
      (this.stream?.heldLength ?? 0)
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
    if (this.state === "held-call") this.resolveHeldCall(0, true);
    if (this.state === "arguments" || this.state === "after-arguments") this.endCall("", true, true);
    if (this.state === "section") this.leaveSection();
  }

  private run(buffer: string, final: boolean): void {
    let index = 0;
    while (index < buffer.length) {
      switch (this.state) {
        case "text":
          index = this.scanText(buffer, index, final);
          break;
        case "section":
          index = this.scanSection(buffer, index, final);
          break;
        case "arguments":
          index = this.scanArguments(buffer, index, final);
          break;
        case "after-arguments":
          index = this.scanAfterArguments(buffer, index, final);
          break;
        case "held-call":
          index = this.scanHeldCall(buffer, index, final);
          break;
      }
    }
  }

  // ── outside calls ──────────────────────────────────────────────────────────

  private scanText(buffer: string, from: number, final: boolean): number {
    const hit = findMarker(this.markers, buffer, from);
    if (hit === undefined) {
      const keep = final ? buffer.length : heldSuffixStart(this.markers, buffer, from);
      this.emitText(buffer.slice(from, keep));
      this.held = buffer.slice(keep);
      return buffer.length;
    }
    this.emitText(buffer.slice(from, hit.index));
    const after = hit.index + hit.marker.length;
    const decision = this.decideInText(hit.marker, buffer, after, final);
    switch (decision.kind) {
      case "hold":
        this.held = buffer.slice(hit.index);
        return buffer.length;
      case "text":
        this.emitText(hit.marker);
        return after;
      case "markup":
        this.emitMarkup(buffer.slice(hit.index, decision.end));
        return decision.end;
      case "call":
        this.openCall(decision, buffer.slice(hit.index, decision.argumentsStart));
        return decision.argumentsStart;
    }
  }

  private decideInText(marker: string, buffer: string, after: number, final: boolean): OpeningDecision {
    const grammar = this.grammar;
    if (grammar.sectionOpeners.includes(marker)) {
      return this.context.callStartPolicy() === "none" ? TEXT : this.decideSection(buffer, after, final);
    }
    if (marker === grammar.callOpener) {
      // A call without its section is not explicit: only in content.
      return this.context.callStartPolicy() === "all" ? this.decideCall(buffer, after, final) : TEXT;
    }
    if (grammar.trailingMarkers.includes(marker)) return this.decideTrailing(buffer, after, final);
    // A closer with nothing open.
    return TEXT;
  }

  /** After a section opener: whitespace, then a call (the section starts with it) or the closer (empty). */
  private decideSection(buffer: string, from: number, final: boolean): OpeningDecision {
    const at = skipWhitespace(buffer, from, MAX_WHITESPACE);
    if (at === -1) return TEXT;
    if (at === buffer.length) return final ? TEXT : HOLD;
    for (const closer of this.grammar.sectionClosers) {
      if (buffer.startsWith(closer, at)) return { kind: "markup", end: at + closer.length };
    }
    const opener = this.grammar.callOpener;
    if (buffer.startsWith(opener, at)) return this.decideCall(buffer, at + opener.length, final);
    if (!final && isProperPrefixOfAny(buffer, at, [opener, ...this.grammar.sectionClosers])) return HOLD;
    return TEXT;
  }

  private decideCall(buffer: string, from: number, final: boolean): OpeningDecision {
    const header = this.grammar.readHeader(buffer, from, final);
    if (header.kind === "hold") return final ? TEXT : HOLD;
    if (header.kind === "invalid") return TEXT;
    // The first bytes of the object decide whether it streams: `"` (a key) or `}` is strict JSON.
    const first = skipWhitespace(buffer, header.argumentsStart + 1, MAX_WHITESPACE);
    if (first === buffer.length && !final) return HOLD;
    const code = first === -1 || first === buffer.length ? -1 : buffer.charCodeAt(first);
    return {
      kind: "call",
      name: header.name,
      argumentsStart: header.argumentsStart,
      closingFence: header.closingFence,
      strict: first === -1 || code === QUOTE || code === CLOSE_BRACE,
    };
  }

  /** An end-of-sentence marker is markup only when nothing but whitespace follows it to the end. */
  private decideTrailing(buffer: string, from: number, final: boolean): OpeningDecision {
    const at = skipWhitespace(buffer, from, MAX_WHITESPACE);
    if (at === -1 || at < buffer.length) return TEXT;
    return final ? { kind: "markup", end: from } : HOLD;
  }

  // ── between the calls of a section ─────────────────────────────────────────

  private scanSection(buffer: string, from: number, final: boolean): number {
    let index = from;
    while (index < buffer.length && isJsonWhitespace(buffer.charCodeAt(index))) index++;
    this.separator += buffer.slice(from, index);
    if (this.separator.length > MAX_SEPARATOR_WHITESPACE) {
      this.leaveSection();
      return index;
    }
    if (index === buffer.length) {
      if (final) this.leaveSection();
      return index;
    }
    const marker = markerAt(this.markers, buffer, index);
    if (marker === this.grammar.callOpener && this.context.callStartPolicy() !== "none") {
      const decision = this.decideCall(buffer, index + marker.length, final);
      if (decision.kind === "hold") {
        this.held = buffer.slice(index);
        return buffer.length;
      }
      if (decision.kind === "call") {
        this.openCall(decision, buffer.slice(index, decision.argumentsStart));
        return decision.argumentsStart;
      }
    } else if (marker !== undefined && this.grammar.sectionClosers.includes(marker)) {
      this.emitMarkup(this.separator + marker);
      this.separator = "";
      this.state = "text";
      return index + marker.length;
    } else if (marker === undefined && !final && isMarkerPrefix(this.markers, buffer, index)) {
      this.held = buffer.slice(index);
      return buffer.length;
    }
    // Text, or a marker that does not continue the section: the section is over, text scanning decides.
    this.leaveSection();
    return index;
  }

  private leaveSection(): void {
    this.emitText(this.separator);
    this.separator = "";
    this.state = "text";
  }

  // ── a call ─────────────────────────────────────────────────────────────────

  private openCall(decision: Extract<OpeningDecision, { kind: "call" }>, source: string): void {
    if (decision.strict) {
      this.startCall(decision.name, source, decision.closingFence);
      return;
    }
    // Near-JSON from the first key on: nothing can stream, so the call is held and decided whole.
    this.callName = decision.name;
    this.closingFence = decision.closingFence;
    this.heldCall = this.separator + source;
    this.separator = "";
    this.heldArgumentsStart = this.heldCall.length;
    this.state = "held-call";
  }

  private startCall(name: string, source: string, closingFence: string | undefined): void {
    this.callIndex = this.context.allocateCallIndex();
    this.callName = name;
    // The start goes first: the segmenter ends an open reasoning span (flushing what it holds) on it.
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name });
    this.emitMarkup(this.separator + source);
    this.separator = "";
    this.openArguments(closingFence);
  }

  private openArguments(closingFence: string | undefined): void {
    const callIndex = this.callIndex;
    this.stream = new JsonArgumentsStream((argumentsJson) =>
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson }),
    );
    this.closingFence = closingFence;
    this.fenceSeen = false;
    this.afterArguments = "";
    this.state = "arguments";
  }

  private scanArguments(buffer: string, from: number, final: boolean): number {
    const stream = this.stream as JsonArgumentsStream;
    let index = from;
    if (stream.status === "streaming") {
      index = stream.push(buffer, from);
      if (stream.status === "streaming") return index;
      if (stream.status === "complete") {
        this.state = "after-arguments";
        return index;
      }
    }
    // Not strict JSON: its strings cannot be told from its structure, so the next marker ends it.
    const hit = findMarker(this.markers, buffer, index);
    if (hit === undefined) {
      const keep = final ? buffer.length : heldSuffixStart(this.markers, buffer, index);
      stream.append(buffer.slice(index, keep));
      this.held = buffer.slice(keep);
      return buffer.length;
    }
    stream.append(buffer.slice(index, hit.index));
    if (hit.marker === this.grammar.callCloser) {
      this.endCall(hit.marker, false);
      return hit.index + hit.marker.length;
    }
    this.endCall("", true);
    return hit.index;
  }

  private scanAfterArguments(buffer: string, from: number, final: boolean): number {
    let index = from;
    const fence = this.closingFence;
    const room = MAX_SEPARATOR_WHITESPACE - this.afterArguments.length;
    for (;;) {
      while (index < buffer.length && isJsonWhitespace(buffer.charCodeAt(index))) {
        index++;
        // So long a run is the model's text, not a separator: the call is over (at the same character in every chunking).
        if (index - from > room) {
          this.afterArguments += buffer.slice(from, index);
          this.endCall("", true);
          return index;
        }
      }
      if (fence === undefined || this.fenceSeen || !buffer.startsWith(fence, index)) break;
      this.fenceSeen = true;
      index += fence.length;
    }
    this.afterArguments += buffer.slice(from, index);
    const closer = this.grammar.callCloser;
    if (index === buffer.length) return index;
    if (buffer.startsWith(closer, index)) {
      this.endCall(closer, false);
      return index + closer.length;
    }
    if (buffer.charCodeAt(index) === OPEN_BRACE) {
      // `{…}{…}`: one call per object, with the same name (docs/dialects.md §2, Repair).
      this.warn(
        "split_arguments",
        `call ${JSON.stringify(this.callName)}: another JSON object followed the arguments; one call each`,
        "",
      );
      this.endCall("", false);
      this.startSplitCall();
      return index;
    }
    const pending = fence !== undefined && !this.fenceSeen ? [closer, fence] : [closer];
    if (!final && index < buffer.length && isProperPrefixOfAny(buffer, index, pending)) {
      this.held = buffer.slice(index);
      return buffer.length;
    }
    this.endCall("", true);
    return index;
  }

  /** A held call's text up to its closer, or up to a marker that cannot be inside it (string-unaware: not JSON). */
  private scanHeldCall(buffer: string, from: number, final: boolean): number {
    const hit = findMarker(this.markers, buffer, from);
    if (hit === undefined) {
      const keep = final ? buffer.length : heldSuffixStart(this.markers, buffer, from);
      this.heldCall += buffer.slice(from, keep);
      this.held = buffer.slice(keep);
      return buffer.length;
    }
    this.heldCall += buffer.slice(from, hit.index);
    if (hit.marker === this.grammar.callCloser) {
      this.heldCall += hit.marker;
      this.resolveHeldCall(hit.marker.length, false);
      return hit.index + hit.marker.length;
    }
    this.resolveHeldCall(0, true);
    return hit.index;
  }

  /**
   * A held call is complete (`closerLength`: its closer ends `heldCall`; `missingCloser`: something else, or
   * the end of the stream, ended it): repaired, it is a call; cut off or not repairable, its source is text,
   * never run (as hermes keeps an unparseable body).
   */
  private resolveHeldCall(closerLength: number, missingCloser: boolean): void {
    const source = this.heldCall;
    this.heldCall = "";
    let text = source.slice(this.heldArgumentsStart, source.length - closerLength).trimEnd();
    const fence = this.closingFence;
    if (fence !== undefined && text.endsWith(fence)) text = text.slice(0, -fence.length);
    const repair = repairStreamedArguments(text, "");
    const call = `call ${JSON.stringify(this.callName)}`;
    if (repair.kind !== "repaired") {
      this.emitText(source);
      const detail =
        repair.kind === "truncated" ? "the arguments were cut off inside a string or bracket" : repair.reason;
      this.warn(
        repair.kind === "truncated" ? "truncated_arguments" : "malformed_arguments",
        `${call}: ${detail}; kept as text, not run`,
        source,
      );
      this.state = "text";
      return;
    }
    this.callIndex = this.context.allocateCallIndex();
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name: this.callName });
    this.emitMarkup(source);
    this.sink({ type: "tool-call-delta", callIndex: this.callIndex, argumentsJson: repair.json });
    this.warnOutcome({ kind: "repaired", more: repair.more, dropped: repair.dropped }, source);
    if (missingCloser) this.warnMissingCloser();
    this.sink({ type: "tool-call-end", callIndex: this.callIndex });
    this.state = "section";
    this.emitMoreCalls(repair.more);
  }

  private startSplitCall(): void {
    this.callIndex = this.context.allocateCallIndex();
    this.sink({ type: "tool-call-start", callIndex: this.callIndex, name: this.callName });
    this.openArguments(this.closingFence);
  }

  /**
   * Ends the arguments and the call; `closer` is its closing marker, empty when something else (or, with
   * `streamEnded`, the end of the stream) ended it. Arguments that cannot be finished as the model wrote them
   * (cut off, or not repairable) get nothing that closes them: the call is cut.
   */
  private endCall(closer: string, missingCloser: boolean, streamEnded = false): void {
    const stream = this.stream as JsonArgumentsStream;
    const outcome = stream.finish(this.closingFence === undefined ? {} : { closingFence: this.closingFence });
    const cut = outcome.kind === "cut";
    if (cut && streamEnded) this.warnUnterminated();
    this.warnOutcome(outcome, stream.source);
    if (missingCloser && !(cut && streamEnded)) this.warnMissingCloser();
    this.emitMarkup(stream.source + this.afterArguments + closer);
    this.sink({ type: "tool-call-end", callIndex: this.callIndex, ...(cut ? { cut: true } : {}) });
    this.stream = undefined;
    this.afterArguments = "";
    this.state = "section";
    if (outcome.kind === "repaired") this.emitMoreCalls(outcome.more);
  }

  /** Repaired arguments that were `{…}{…}`: the objects after the first are calls of their own. */
  private emitMoreCalls(objects: readonly string[]): void {
    for (const json of objects) {
      const callIndex = this.context.allocateCallIndex();
      this.sink({ type: "tool-call-start", callIndex, name: this.callName });
      this.sink({ type: "tool-call-delta", callIndex, argumentsJson: json });
      this.sink({ type: "tool-call-end", callIndex });
    }
  }

  private warnMissingCloser(): void {
    this.warn(
      "missing_call_end",
      `call ${JSON.stringify(this.callName)} ended without ${this.grammar.callCloser}`,
      "",
    );
  }

  private warnUnterminated(): void {
    const { code, message } = unterminatedCallWarning(this.callName);
    this.warn(code, message, "");
  }

  private warnOutcome(outcome: JsonArgumentsOutcome, raw: string): void {
    for (const { code, message } of argumentsOutcomeWarnings(this.callName, outcome))
      this.warn(code, message, raw);
  }

  private warn(code: string, message: string, raw: string): void {
    this.sink({ type: "warning", code: `${this.grammar.dialect}.${code}`, message, raw });
  }

  private emitText(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }

  private emitMarkup(text: string): void {
    if (text.length > 0) this.sink({ type: "markup", text });
  }
}

/** Whether `buffer[index..]` is a proper prefix of one of `markers` (more text could complete it). */
function isProperPrefixOfAny(buffer: string, index: number, markers: readonly string[]): boolean {
  const rest = buffer.length - index;
  for (const marker of markers) {
    if (rest < marker.length && marker.startsWith(buffer.slice(index))) return true;
  }
  return false;
}
