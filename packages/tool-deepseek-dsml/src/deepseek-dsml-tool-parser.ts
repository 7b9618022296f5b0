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
  type Follower,
  type LiteralDepths,
  matchFollow,
  type ParameterValue,
  skipWhitespace,
  TaggedCallWriter,
  type ValueTagRules,
} from "@sluice/tool-kit";
import { createDsmlValue } from "./create-dsml-value";
import { DirectJsonBody } from "./direct-json-body";
import { dsmlFollowers, type FollowRule } from "./dsml-followers";
import type { DsmlLimits } from "./dsml-limits";
import {
  BLOCK_WORDS,
  DSML_MARKERS,
  END_OF_SENTENCE,
  INVOKE_WORD,
  OPEN_PREFIX,
  PARAMETER_WORD,
} from "./dsml-markers";
import { isCallName } from "./is-call-name";
import { type DsmlTag, readDsmlTag } from "./read-dsml-tag";
import { type ValueFollowers, valueFollowers } from "./value-followers";
import { decideValueTag } from "./value-tag-decision";

/**
 * `text`: outside calls. `block`: inside a block, between invokes. `skip`: inside a nameless invoke (d104).
 * `invoke`: between the parameters of a call. `value`: inside a parameter's value.
 */
type State = "text" | "block" | "skip" | "invoke" | "value";

const OPEN_BRACE = 123;
// A close tag inside a direct JSON body ends it only where a close of the invoke would be structural.
const BODY_CLOSE: FollowRule = {
  accepts: (next) => (next.closing ? BLOCK_WORDS.includes(next.word) : next.word !== PARAMETER_WORD),
  endOfSentence: true,
};

/**
 * The `deepseek_dsml` tool parser (docs/dialects.md §3; research §4.2): a synchronous state machine over the
 * marker lexer. A block (`<｜DSML｜function_calls>`, V4 `tool_calls`, V4.1 `calls`) confirmed by the invoke
 * after it, or a bare `<｜DSML｜invoke name="N">` in content (vllm #48931), starts a call; each invoke is one
 * call: `tool-call-start`, argument deltas written by tool-kit's `TaggedCallWriter` (string values streamed
 * live), `tool-call-end`, with its whole source as `markup`. Text outside calls goes out as `text`.
 * Everything it holds is bounded by the limits, except the text of one non-string value or one direct JSON
 * body.
 */
export class DeepseekDsmlToolParser implements ToolParser, MarkerHandler {
  private readonly lexer: MarkerLexer;
  private readonly call: TaggedCallWriter;
  private readonly followers: ValueFollowers;
  private readonly bodyCloseFollowers: readonly Follower[];
  private state: State = "text";
  // The open block came with its opener; a bare invoke's block has none, and text after it just ends it.
  private explicitBlock = false;

  // Nothing but whitespace since the invoke tag: a `{` there starts a direct JSON body (d098).
  private bodyAllowed = false;
  private body: DirectJsonBody | undefined;

  // The literal tags nested in the open value (an invoke is the kit's call).
  private readonly depths: LiteralDepths = { parameter: 0, call: 0, block: 0 };
  // How tool-kit's decideValueTag decides the DSML tags met in a value.
  private readonly rules: ValueTagRules;

  constructor(
    private readonly context: ToolParserContext,
    private readonly sink: SegmentSink,
    private readonly limits: DsmlLimits,
  ) {
    this.lexer = new MarkerLexer(this, DSML_MARKERS);
    // Every value is built by createDsmlValue (`exact` newlines), so the writer's own default is unused.
    this.call = new TaggedCallWriter(context, sink, "deepseek_dsml", "exact");
    this.followers = valueFollowers(limits, {
      isNewParameter: this.call.isNewParameter,
      isMadeUp: this.call.isMadeUp,
      onUndecided: (name) => {
        this.rules.undecided = name;
      },
    });
    this.rules = {
      afterValueClose: this.followers.parameterClose,
      afterCallClose: this.followers.invokeClose,
      afterBlockClose: this.followers.blockClose,
      maxWhitespace: limits.maxWhitespace,
      // Every literal DSML opener nests, a block's too: a parameter opener after a quoted block opener is literal.
      blocksNestParameters: true,
      isStructural: this.call.isStructural,
      undecided: undefined,
    };
    this.bodyCloseFollowers = dsmlFollowers(BODY_CLOSE, limits);
  }

  /** Characters received and not yet emitted in any form (for bounds checks and tests). */
  get heldLength(): number {
    return this.lexer.pending.length + this.call.heldLength + (this.body?.text.length ?? 0);
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    if (this.state === "value" || this.state === "invoke") this.cutCall();
  }

  text(text: string): void {
    switch (this.state) {
      case "value":
        (this.call.value as ParameterValue).append(text);
        return;
      case "invoke":
        this.invokeText(text);
        return;
      case "block":
        this.blockText(text);
        return;
      case "skip":
        this.call.markup(text);
        return;
      case "text":
        this.emitText(text);
    }
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    switch (this.state) {
      case "value":
        return this.valueMarker(marker, buffer, index, final);
      case "invoke":
        return this.invokeMarker(marker, buffer, index, final);
      case "block":
        return this.blockMarker(marker, buffer, index, final);
      case "skip":
        return this.skipMarker(marker, buffer, index, final);
      case "text":
        return this.textMarker(marker, buffer, index, final);
    }
  }

  // ── outside calls ───────────────────────────────────────────────────────────

  private textMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === END_OF_SENTENCE) {
      const follow = matchFollow(buffer, after, final, this.limits.maxWhitespace, this.followers.trailing);
      if (follow === "hold") return HOLD;
      if (follow === "literal") {
        this.emitText(marker);
        return after;
      }
      // research §1.1: some engines leave the end-of-sentence token in the text; trailing, it is markup.
      this.call.markup(buffer.slice(index));
      return buffer.length;
    }
    const match = readDsmlTag(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "none") {
      this.emitText(marker);
      return after;
    }
    const { tag } = match;
    if (!tag.closing && BLOCK_WORDS.includes(tag.word)) return this.blockStart(tag, buffer, index, final);
    const name = tag.attributes.get("name") ?? "";
    // vllm #48931: V4 may omit the block opener; a bare invoke starts a call, but only in content (not explicit).
    if (!tag.closing && tag.word === INVOKE_WORD && isCallName(name)) {
      if (this.context.callStartPolicy() === "all") {
        this.explicitBlock = false;
        this.startCall(name, buffer.slice(index, tag.end));
        return tag.end;
      }
    }
    // Any other DSML tag outside a call is text, kept as it came (lossless).
    this.emitText(buffer.slice(index, tag.end));
    return tag.end;
  }

  /**
   * A block opener is a call start only when an invoke follows it (after whitespace): then the block is
   * explicit, even while reasoning is open (r091, r092, r095: DSML ends reasoning). Otherwise it is text.
   */
  private blockStart(tag: DsmlTag, buffer: string, index: number, final: boolean): number {
    const source = buffer.slice(index, tag.end);
    if (this.context.callStartPolicy() !== "none") {
      const at = skipWhitespace(buffer, tag.end, this.limits.maxWhitespace);
      if (at === buffer.length) {
        if (!final) return HOLD;
      } else if (at !== -1 && buffer.startsWith(OPEN_PREFIX, at)) {
        const next = readDsmlTag(buffer, at, final, this.limits);
        if (next.kind === "hold") return HOLD;
        if (next.kind === "tag" && opensNamedOrNamelessInvoke(next.tag)) {
          this.explicitBlock = true;
          this.state = "block";
          this.call.markup(buffer.slice(index, at));
          return this.blockMarker(OPEN_PREFIX, buffer, at, final);
        }
      } else if (at !== -1 && !final && buffer.length - at < OPEN_PREFIX.length) {
        if (OPEN_PREFIX.startsWith(buffer.slice(at))) return HOLD;
      }
    }
    this.emitText(source);
    return tag.end;
  }

  // ── inside a block, between invokes ─────────────────────────────────────────

  private blockText(text: string): void {
    let at = 0;
    while (at < text.length && isJsonWhitespace(text.charCodeAt(at))) at++;
    // The template's newlines between invokes are markup.
    if (at > 0) this.call.markup(at === text.length ? text : text.slice(0, at));
    if (at < text.length) {
      this.leaveBlock();
      this.emitText(at === 0 ? text : text.slice(at));
    }
  }

  private blockMarker(marker: string, buffer: string, index: number, final: boolean): number {
    if (marker === END_OF_SENTENCE) {
      this.call.markup(marker);
      return index + marker.length;
    }
    const match = readDsmlTag(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    if (match.kind === "tag") {
      const { tag } = match;
      const source = buffer.slice(index, tag.end);
      if (tag.closing && BLOCK_WORDS.includes(tag.word)) {
        this.call.markup(source);
        this.state = "text";
        this.explicitBlock = false;
        return tag.end;
      }
      if (opensNamedOrNamelessInvoke(tag) && this.context.callStartPolicy() !== "none") {
        const name = tag.attributes.get("name") ?? "";
        if (name.length > 0) {
          this.startCall(name, source);
          return tag.end;
        }
        // d104 (smg): an invoke with name="" is skipped, up to its close, and does not block later calls.
        this.call.warn("missing_name", "an invoke without a name was dropped", source);
        this.call.markup(source);
        this.state = "skip";
        return tag.end;
      }
    }
    this.leaveBlock();
    return this.textMarker(marker, buffer, index, final);
  }

  private leaveBlock(): void {
    if (this.explicitBlock)
      this.call.warn("missing_block_close", "text after the calls ended their block", "");
    this.explicitBlock = false;
    this.state = "text";
  }

  private skipMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const match = marker === END_OF_SENTENCE ? undefined : readDsmlTag(buffer, index, final, this.limits);
    if (match?.kind === "hold") return HOLD;
    if (match?.kind === "tag") {
      const { tag } = match;
      if (tag.closing && tag.word === INVOKE_WORD) {
        this.call.markup(buffer.slice(index, tag.end));
        this.state = "block";
        return tag.end;
      }
      if (tag.closing ? BLOCK_WORDS.includes(tag.word) : tag.word === INVOKE_WORD) {
        this.state = "block";
        return this.blockMarker(marker, buffer, index, final);
      }
      this.call.markup(buffer.slice(index, tag.end));
      return tag.end;
    }
    this.call.markup(marker);
    return index + marker.length;
  }

  private startCall(name: string, source: string): void {
    // The start goes first: the segmenter ends an open reasoning span (flushing what it holds) on it.
    this.call.start(name, source);
    this.bodyAllowed = true;
    this.state = "invoke";
  }

  private endCall(): void {
    this.call.end();
    this.state = "block";
  }

  /** docs/dialects.md §2 (qwen_xml's rule): the stream ended inside the call, so it is cut, nothing closed. */
  private cutCall(): void {
    // An unfinished direct JSON body is the call's source, no part of its arguments.
    if (this.body !== undefined) this.call.markup(this.body.text);
    this.body = undefined;
    this.call.cut();
    this.state = "text";
  }

  // ── between parameters ─────────────────────────────────────────────────────

  private invokeText(text: string): void {
    let at = 0;
    if (this.bodyAllowed) {
      while (at < text.length && isJsonWhitespace(text.charCodeAt(at))) at++;
      if (at === text.length) {
        this.call.markup(text);
        return;
      }
      this.bodyAllowed = false;
      if (at > 0) this.call.markup(text.slice(0, at));
      if (text.charCodeAt(at) === OPEN_BRACE) this.body = new DirectJsonBody();
    }
    if (this.body !== undefined) {
      const end = this.body.push(text, at);
      if (end === -1) return;
      this.finishBody();
      at = end;
    }
    if (at < text.length) this.call.stray(at === 0 ? text : text.slice(at));
  }

  private invokeMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (this.body !== undefined) return this.bodyMarker(marker, buffer, index, final);
    if (marker === END_OF_SENTENCE) {
      this.call.markup(marker);
      return after;
    }
    const match = readDsmlTag(buffer, index, final, this.limits);
    if (match.kind === "hold") return HOLD;
    this.bodyAllowed = false;
    if (match.kind === "none") {
      this.call.stray(marker);
      return after;
    }
    const { tag } = match;
    const source = buffer.slice(index, tag.end);
    if (!tag.closing && tag.word === PARAMETER_WORD) {
      const name = tag.attributes.get("name") ?? "";
      // A nameless or repeated parameter is stray text: no duplicate keys.
      if (name.length === 0 || this.call.has(name)) {
        this.call.stray(source);
        return tag.end;
      }
      this.startValue(name, tag, source);
      return tag.end;
    }
    const closesBlock = tag.closing && BLOCK_WORDS.includes(tag.word);
    if (tag.closing && tag.word === INVOKE_WORD) {
      this.call.flushStray();
      this.call.markup(source);
      this.endCall();
      return tag.end;
    }
    if (closesBlock || (!tag.closing && tag.word === INVOKE_WORD)) {
      // A missing `</｜DSML｜invoke>`: the block's close or the next invoke ends the call.
      this.call.flushStray();
      this.call.warn(
        "missing_invoke_close",
        `call ${JSON.stringify(this.call.callName)} ended by ${JSON.stringify(source)} without </｜DSML｜invoke>`,
        source,
      );
      this.endCall();
      return this.blockMarker(marker, buffer, index, final);
    }
    this.call.stray(source);
    return tag.end;
  }

  /** Inside a direct JSON body, markers are body text, unless a close tag ends an unfinished body. */
  private bodyMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const after = index + marker.length;
    if (marker === END_OF_SENTENCE) {
      const follow = matchFollow(buffer, after, final, this.limits.maxWhitespace, this.followers.trailing);
      if (follow === "hold") return HOLD;
      if (follow === "close") {
        this.abandonBody();
        return this.invokeMarker(marker, buffer, index, final);
      }
    } else {
      const match = readDsmlTag(buffer, index, final, this.limits);
      if (match.kind === "hold") return HOLD;
      const tag = match.kind === "tag" ? match.tag : undefined;
      if (tag?.closing && (tag.word === INVOKE_WORD || BLOCK_WORDS.includes(tag.word))) {
        const follow = matchFollow(
          buffer,
          tag.end,
          final,
          this.limits.maxWhitespace,
          this.bodyCloseFollowers,
        );
        if (follow === "hold") return HOLD;
        if (follow === "close") {
          this.abandonBody();
          return this.invokeMarker(marker, buffer, index, final);
        }
      }
    }
    // The marker's text holds no brace or quote, so the body cannot close inside it.
    (this.body as DirectJsonBody).push(marker);
    return after;
  }

  private finishBody(): void {
    const body = this.body as DirectJsonBody;
    this.body = undefined;
    const parsed = body.arguments();
    if (parsed === undefined) {
      this.call.stray(body.text);
      return;
    }
    if (parsed.members.length > 0) this.call.output.delta(parsed.members);
    this.call.markup(body.text);
    this.call.addWritten(parsed.keys);
  }

  /** An unfinished direct JSON body belongs to no value: stray text. */
  private abandonBody(): void {
    if (this.body === undefined) return;
    const text = this.body.text;
    this.body = undefined;
    this.call.stray(text);
  }

  // ── inside a value ─────────────────────────────────────────────────────────

  private startValue(name: string, tag: DsmlTag, source: string): void {
    const attribute = tag.attributes.get("string");
    const string = attribute === "true" || attribute === "false" ? attribute : undefined;
    // `string="false"` values are JSON, not tool-kit's writers: createDsmlValue builds them (docs/dialects.md §3).
    this.call.openValue(name, source, (output, slot) => createDsmlValue(output, { ...slot, string }));
    this.depths.parameter = 0;
    this.depths.call = 0;
    this.depths.block = 0;
    this.state = "value";
  }

  private closeValue(): void {
    this.call.closeValue();
    this.state = "invoke";
  }

  private valueMarker(marker: string, buffer: string, index: number, final: boolean): number {
    const value = this.call.value as ParameterValue;
    const decision = decideValueTag(marker, buffer, index, final, {
      depths: this.depths,
      atLineStart: value.atLineStart,
      rules: this.rules,
      trailing: this.followers.trailing,
      limits: this.limits,
    });
    switch (decision.kind) {
      case "hold":
        return HOLD;
      case "literal":
        value.append(buffer.slice(index, decision.end));
        return decision.end;
      case "close-parameter":
        this.closeValue();
        this.call.markup(buffer.slice(index, decision.end));
        if (decision.undecided !== undefined) {
          this.call.warn(
            "undecided_parameter",
            `parameter ${JSON.stringify(decision.undecided)} is not in the schema of ${JSON.stringify(this.call.callName)}, and ${this.limits.maxMadeUpLookahead} characters of its value did not show whether it is a key or quoted markup; taken as a key`,
            decision.undecided,
          );
        }
        return decision.end;
      case "close-unclosed":
        this.closeValue();
        this.call.warn(
          "unclosed_parameter",
          `a parameter of call ${JSON.stringify(this.call.callName)} had no </｜DSML｜parameter>`,
          "",
        );
        return this.invokeMarker(marker, buffer, index, final);
      case "end-of-sentence":
        // Only at the end of the stream: the model stopped inside the value (smg strips the EOS from it).
        this.cutCall();
        this.call.markup(buffer.slice(index));
        return buffer.length;
    }
  }

  private emitText(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }
}

/** `<｜DSML｜invoke …>` with a usable name or none at all (a nameless one is skipped inside a block, d104). */
function opensNamedOrNamelessInvoke(tag: DsmlTag): boolean {
  if (tag.closing || tag.word !== INVOKE_WORD) return false;
  const name = tag.attributes.get("name") ?? "";
  return name.length === 0 || isCallName(name);
}
