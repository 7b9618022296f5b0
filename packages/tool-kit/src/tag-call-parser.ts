import {
  createMarkerSet,
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type MarkerSet,
  type SegmentSink,
  type ToolParser,
  type ToolParserContext,
} from "@sluice/core";
import { decideValueTag, type LiteralDepths, type ValueTagDecision } from "./decide-value-tag";
import type { ParameterValue } from "./parameter-value";
import type { CallStartForm, CallStartMatch, TagCallGrammar } from "./tag-call-grammar";
import { TagGrammarValueRules } from "./tag-grammar-value-rules";
import { TaggedCallWriter } from "./tagged-call-writer";
import { TextAfterCalls } from "./text-after-calls";

/** Outside calls (`text`, or right after a call's close: `after-call`), between parameters (`call`), in a value. */
type State = "text" | "after-call" | "call" | "value";

const LINE_FEED = 10;
const GREATER_THAN = 62;
const NOT_A_CALL: CallStartMatch = { kind: "text" };
const LITERAL: ValueTagDecision = { kind: "literal" };

/** The lexer's markers in each state, derived from the grammar once per dialect. */
interface GrammarMarkers {
  readonly text: MarkerSet;
  readonly afterCall: MarkerSet;
  readonly call: MarkerSet;
  readonly value: MarkerSet;
  readonly starts: ReadonlyMap<string, CallStartForm>;
  readonly startsAfterCall: ReadonlyMap<string, CallStartForm>;
}

const markersOfGrammar = new WeakMap<TagCallGrammar, GrammarMarkers>();

// A dialect factory called per stream (a test, the bench) makes a grammar per stream: the marker sets, which
// depend on the tags alone, are shared by every grammar with the same tags, as a module constant was before
// the kit. Keyed by the tags themselves, so it holds one entry per format.
const markerSetsByTags = new Map<string, MarkerSet>();

function sharedMarkerSet(markers: readonly string[]): MarkerSet {
  const key = markers.join("\u0000");
  let set = markerSetsByTags.get(key);
  if (set === undefined) {
    set = createMarkerSet(markers);
    markerSetsByTags.set(key, set);
  }
  return set;
}

function markersOf(grammar: TagCallGrammar): GrammarMarkers {
  let markers = markersOfGrammar.get(grammar);
  if (markers !== undefined) return markers;
  const { blockOpen, blockClose, restart, valueTag } = grammar;
  const optional = (...tags: (string | undefined)[]) => tags.filter((tag) => tag !== undefined);
  markers = {
    text: sharedMarkerSet(grammar.starts.map((form) => form.marker)),
    // The block's close is live only right after a call: the block's own closing tag.
    afterCall: sharedMarkerSet([
      ...grammar.startsAfterCall.map((form) => form.marker),
      ...optional(blockClose),
    ]),
    call: sharedMarkerSet([
      grammar.parameterTag,
      grammar.callClose,
      ...optional(valueTag, blockClose, restart?.marker),
    ]),
    // Every tag that may close a value, and the literal openers that nest.
    value: sharedMarkerSet([
      grammar.valueClose,
      valueTag ?? grammar.parameterTag,
      grammar.callClose,
      grammar.callOpen,
      ...optional(blockClose, blockOpen),
    ]),
    starts: new Map(grammar.starts.map((form) => [form.marker, form])),
    startsAfterCall: new Map(grammar.startsAfterCall.map((form) => [form.marker, form])),
  };
  markersOfGrammar.set(grammar, markers);
  return markers;
}

/**
 * The parser of a format whose calls are delimited by tags (docs/dialects.md §2, §3: `qwen_xml`, `minimax_m2`,
 * `glm45` / `glm47`), given its TagCallGrammar: a synchronous state machine over the marker lexer — text,
 * right after a call, between the parameters of a call, inside a value.
 * - A call starts at one of the grammar's start forms, confirmed by its complete opening (explicit forms unless
 *   the policy is `none`, content forms only under `all`); a marker that opens no call is text (lossless).
 * - Each parameter is written by tool-kit's TaggedCallWriter (string values streamed live, others typed by the
 *   schema at their close); a repeated or unreadable parameter tag is stray text, so keys are never duplicated.
 * - Tags met inside a value are decided by decideValueTag (closing is structural); a value or a call ended
 *   without its close tag is said with a warning. A call is complete only at its own close; a stream that ends
 *   inside one cuts it (TaggedCallWriter.cut).
 * - Whitespace between calls is markup; text outside calls goes out as `text`, a call's whole source as `markup`.
 * Everything it holds is bounded by the grammar's limits, except the text of one non-string value.
 */
export class TagCallParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly outside: TextAfterCalls;
  private readonly markers: GrammarMarkers;
  private readonly rules: TagGrammarValueRules;
  private state: State = "text";

  // Outside calls. The start of the stream counts as the start of a line (qwen_xml's t006).
  private lastCode = LINE_FEED;
  // A parameter tag that named its key, still waiting for the value tag (formats with one).
  private pendingKey: string | undefined;
  // The literal tags nested in the open value.
  private readonly depths: LiteralDepths = { parameter: 0, call: 0, block: 0 };

  constructor(
    private readonly context: ToolParserContext,
    sink: SegmentSink,
    private readonly grammar: TagCallGrammar,
  ) {
    this.markers = markersOf(grammar);
    this.lexer = new MarkerLexer(this, this.markers.text);
    this.call = new TaggedCallWriter(context, sink, grammar.dialect, grammar.newlines);
    this.outside = new TextAfterCalls(sink);
    this.rules = new TagGrammarValueRules(grammar, this.call);
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
      // Whitespace after the last call is text after the calls (docs/dialects.md §2).
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
    if (this.state === "value") return this.valueMarker(marker, buffer, index, final);
    if (this.state === "call") return this.callMarker(marker, buffer, index, final);
    return this.textMarker(marker, buffer, index, final);
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private passText(text: string): void {
    this.lastCode = text.charCodeAt(text.length - 1);
    // Text after a call: the block's close, or the next call of the block, will not come.
    if (this.outside.text(text) && this.state === "after-call") this.leaveBlock();
  }

  private leaveBlock(): void {
    this.state = "text";
    this.lexer.markers = this.markers.text;
  }

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    const afterCall = this.state === "after-call";
    if (afterCall && marker === this.grammar.blockClose) {
      // The block's own closing tag; whitespace after it is held as after any call.
      this.call.markup(this.outside.takeHeld() + marker);
      this.leaveBlock();
      this.lastCode = GREATER_THAN;
      return after;
    }
    const form = (afterCall ? this.markers.startsAfterCall : this.markers.starts).get(
      marker,
    ) as CallStartForm;
    const match = this.matchStart(form, buffer, index, final);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      this.passText(marker);
      return after;
    }
    this.startCall(match.name, buffer.slice(index, match.end));
    return match.end;
  }

  private matchStart(form: CallStartForm, buffer: string, index: number, final: boolean): CallStartMatch {
    if (form.accepted === "content") {
      if (
        (form.lineStart === true && this.lastCode !== LINE_FEED) ||
        this.context.callStartPolicy() !== "all"
      )
        return NOT_A_CALL;
    } else if (this.context.callStartPolicy() === "none") {
      return NOT_A_CALL;
    }
    return form.match(buffer, index, final);
  }

  private startCall(name: string, source: string): void {
    // Whitespace-only text between two calls is the template's: markup of the new call (docs/dialects.md §2).
    this.call.start(name, this.outside.callStarts() + source);
    this.pendingKey = undefined;
    this.state = "call";
    this.lexer.markers = this.markers.call;
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private callMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const { grammar } = this;
    const after = index + marker.length;
    if (marker === grammar.parameterTag) {
      const name = grammar.readParameterName(buffer, after, final);
      if (name.kind === "hold") return HOLD;
      if (name.kind === "invalid" || this.call.has(name.name)) {
        // A parameter tag that is no tag, or a repeated one, is stray text: no duplicate keys.
        this.call.stray(marker);
        return after;
      }
      const source = buffer.slice(index, name.end);
      if (grammar.valueTag === undefined) {
        this.startValue(name.name, source);
      } else {
        this.call.flushStray();
        this.warnMissingValue();
        this.pendingKey = name.name;
        this.call.markup(source);
      }
      return name.end;
    }
    if (marker === grammar.valueTag) {
      if (this.pendingKey === undefined) {
        this.call.stray(marker);
        return after;
      }
      this.startValue(this.pendingKey, marker);
      return after;
    }
    if (marker === grammar.restart?.marker) return this.restartCall(grammar.restart, buffer, index, final);
    this.call.flushStray();
    this.warnMissingValue();
    this.call.markup(marker);
    if (marker === grammar.callClose) {
      this.endCall(true);
    } else {
      // The block's close with no call close ends the call too.
      this.warnMissingCallClose(marker, marker);
      this.endCall(false);
    }
    return after;
  }

  /** A start form between the parameters: a new call when it is one (the model left out the call's close). */
  private restartCall(form: CallStartForm, buffer: string, index: number, final: boolean): number {
    const match = this.matchStart(form, buffer, index, final);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "text") {
      this.call.stray(form.marker);
      return index + form.marker.length;
    }
    const source = buffer.slice(index, match.end);
    this.call.flushStray();
    this.warnMissingValue();
    this.warnMissingCallClose(form.marker, source);
    this.endCall(true);
    this.startCall(match.name, source);
    return match.end;
  }

  private warnMissingCallClose(endedBy: string, source: string): void {
    const warning = this.grammar.missingCallClose(JSON.stringify(this.call.callName), endedBy, source);
    this.call.warn(warning.code, warning.message, warning.raw);
  }

  private warnMissingValue(): void {
    if (this.pendingKey === undefined) return;
    this.call.warn(
      "missing_value",
      `argument ${JSON.stringify(this.pendingKey)} of call ${JSON.stringify(this.call.callName)} has no ${this.grammar.valueTag}; dropped`,
      this.pendingKey,
    );
    this.pendingKey = undefined;
  }

  /** After the call's own close, the next call of the block may follow; after the block's close, text. */
  private endCall(ownClose: boolean): void {
    this.call.end();
    this.outside.callEnded();
    this.pendingKey = undefined;
    this.lastCode = GREATER_THAN;
    this.state = ownClose ? "after-call" : "text";
    this.lexer.markers = ownClose ? this.markers.afterCall : this.markers.text;
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private startValue(name: string, source: string): void {
    this.call.openValue(name, source);
    this.pendingKey = undefined;
    this.depths.parameter = 0;
    this.depths.call = 0;
    this.depths.block = 0;
    this.state = "value";
    this.lexer.markers = this.markers.value;
  }

  private closeValue(): void {
    this.call.closeValue();
    this.state = "call";
    this.lexer.markers = this.markers.call;
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const value = this.call.value as ParameterValue;
    const tag = this.rules.tagAt(marker, buffer, index, final);
    if (tag === "hold") return HOLD;
    const decision =
      tag === "literal"
        ? LITERAL
        : decideValueTag(tag, buffer, final, {
            depths: this.depths,
            atLineStart: value.atLineStart,
            rules: this.rules,
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
        this.call.markup(source);
        if (decision.drifted) {
          this.call.warn(
            "drifted_close_tag",
            `${this.grammar.valueWord} closed by the drifted tag ${JSON.stringify(source)}`,
            source,
          );
        }
        if (decision.undecided !== undefined) this.warnUndecided(decision.undecided);
        return decision.end;
      }
      case "next-parameter":
        this.closeUnclosedValue(marker);
        this.startValue(decision.name, buffer.slice(index, decision.end));
        return decision.end;
      case "end-call": {
        this.closeUnclosedValue(marker);
        this.call.markup(marker);
        const ownClose = marker === this.grammar.callClose;
        if (!ownClose && this.grammar.missingCallCloseAfterValue) this.warnMissingCallClose(marker, marker);
        this.endCall(ownClose);
        return index + marker.length;
      }
    }
  }

  private warnUndecided(name: string): void {
    const { keyWord, maxMadeUpLookahead } = this.grammar;
    this.call.warn(
      `undecided_${keyWord}`,
      `${keyWord} ${JSON.stringify(name)} is not in the schema of ${JSON.stringify(this.call.callName)}, and ${maxMadeUpLookahead} characters of its value did not show whether it is a key or quoted markup; taken as a key`,
      name,
    );
  }

  private closeUnclosedValue(closedBy: string): void {
    this.closeValue();
    this.call.warn(
      `unclosed_${this.grammar.valueWord}`,
      `a ${this.grammar.valueWord} of call ${JSON.stringify(this.call.callName)} had no ${this.grammar.valueCloseName}; closed at ${closedBy}`,
      closedBy,
    );
  }
}
