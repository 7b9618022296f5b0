import {
  createMarkerSet,
  HOLD,
  type MarkerHandler,
  MarkerLexer,
  type ParserContext,
  type ReasoningParser,
  type SegmentSink,
} from "@sluice/core";
import { readXtmlTag } from "./read-xtml-tag";
import { DEFAULT_XTML_LIMITS, type XtmlLimits } from "./xtml-limits";
import { XTML_CLOSE, XTML_END_OF_MSG, XTML_OPEN } from "./xtml-markers";

const MARKERS = createMarkerSet([XTML_OPEN, XTML_CLOSE, XTML_END_OF_MSG]);

/**
 * Kimi K3's channels as reasoning and text (docs/dialects.md §1, kimi_k3). The think channel is reasoning: the
 * stream starts in it where the generation prompt opened it (thinking on), else in the response channel.
 * - Reasoning ends at `<|close|>think<|sep|>`, or without it at `<|open|>response<|sep|>` or at `<|open|>tools<|sep|>`
 *   (forced tools skip the close). The tools opener is content then, for the tool dialect (which takes it first
 *   when a call follows it, and ends the reasoning itself).
 * - `<|close|>response<|sep|>` met in reasoning is the model's answer written in the think channel and closed as a
 *   response: the text has already gone out as reasoning, so it stays reasoning, the close ends it, and a
 *   `kimi_k3.answer_in_think_channel` warning says so (smg turns that text into content, which a live stream
 *   cannot).
 * - The channel wrappers (`<|open|>`/`<|close|>` of response, `<|close|>message<|sep|>`, `<|end_of_msg|>`), a stray
 *   `<|close|>think<|sep|>` and a think opener are markup, never text; `<|open|>think<|sep|>` opens reasoning
 *   wherever it comes, as a special token cannot be prose. Every other tag is text where it stands.
 */
export class KimiK3ReasoningParser implements ReasoningParser, MarkerHandler {
  private reasoning: boolean;
  private readonly lexer: MarkerLexer;

  constructor(
    context: ParserContext,
    private readonly sink: SegmentSink,
    private readonly limits: XtmlLimits = DEFAULT_XTML_LIMITS,
  ) {
    this.reasoning = context.startsInReasoning ?? context.thinking;
    this.lexer = new MarkerLexer(this, MARKERS);
  }

  get inReasoning(): boolean {
    return this.reasoning;
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
  }

  flush(): void {
    this.lexer.end();
  }

  interrupt(): void {
    this.lexer.end();
    this.reasoning = false;
  }

  text(text: string): void {
    this.sink({ type: this.reasoning ? "reasoning" : "text", text });
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    if (marker === XTML_END_OF_MSG) {
      this.markup(marker);
      this.reasoning = false;
      return index + marker.length;
    }
    const tag = readXtmlTag(buffer, index + marker.length, final, this.limits);
    if (tag.kind === "hold") return HOLD;
    if (tag.kind === "none") {
      this.text(marker);
      return index + marker.length;
    }
    const source = buffer.slice(index, tag.end);
    const opens = marker === XTML_OPEN;
    switch (tag.name) {
      case "think":
        // Opened, the think channel starts (or goes on); closed, it ends, and a stray close in content is dropped.
        this.reasoning = opens;
        this.markup(source);
        break;
      case "response":
        if (!opens && this.reasoning) {
          this.sink({
            type: "warning",
            code: "kimi_k3.answer_in_think_channel",
            message:
              "the model wrote its answer in the think channel and closed it as a response; it was streamed as reasoning",
            raw: source,
          });
        }
        this.reasoning = false;
        this.markup(source);
        break;
      case "message":
        if (opens) this.text(source);
        else {
          this.reasoning = false;
          this.markup(source);
        }
        break;
      case "tools":
        // A tools channel no call follows (the tool dialect took those): it ends reasoning, and is text.
        if (opens) this.reasoning = false;
        this.text(source);
        break;
      default:
        this.text(source);
    }
    return tag.end;
  }

  private markup(text: string): void {
    this.sink({ type: "markup", text });
  }
}
