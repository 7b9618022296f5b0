import type { ParserContext, ReasoningParser } from "./dialect";
import { type MarkerHandler, MarkerLexer } from "./marker-lexer";
import { createMarkerSet } from "./marker-set";
import type { SegmentSink } from "./segment";

export const THINK_OPEN = "<think>";
export const THINK_CLOSE = "</think>";

/** One column of the table in DESIGN §3: what makes a `<think>`/`</think>` dialect itself. */
export interface ThinkTagPolicy {
  /** Whether the stream starts inside reasoning (the chat template put `<think>` in the prompt). */
  readonly startsInReasoning: (context: ParserContext) => boolean;
  /**
   * `<think>` met in content: `before-content` enters reasoning only while no non-whitespace
   * content has been seen (later it is literal text); `literal` never enters; `reenter` always
   * enters (interleaved thinking).
   */
  readonly thinkInContent: "before-content" | "literal" | "reenter";
  /** Drop the trailing whitespace of each reasoning span. */
  readonly trimTrailingWhitespace: boolean;
}

// A whitespace run longer than this is passed on rather than held for trimming (bounded buffers).
const MAX_HELD_WHITESPACE = 4096;

const REASONING_MARKERS = createMarkerSet([THINK_OPEN, THINK_CLOSE]);
const CONTENT_MARKERS_WITH_OPEN = createMarkerSet([THINK_OPEN, THINK_CLOSE]);
const CONTENT_MARKERS = createMarkerSet([THINK_CLOSE]);

/**
 * The state machine shared by the `<think>` dialects: reasoning / content, with the
 * differences between dialects given as a policy. Markers split across chunks are held by the
 * marker lexer; everything held is flushed at the end as text of the current state.
 */
export class ThinkTagParser implements ReasoningParser, MarkerHandler {
  private reasoning: boolean;
  private contentSeen = false;
  // Trailing whitespace of the reasoning span, held until we know whether the span goes on.
  private heldWhitespace = "";
  private readonly lexer: MarkerLexer;

  constructor(
    private readonly policy: ThinkTagPolicy,
    context: ParserContext,
    private readonly sink: SegmentSink,
  ) {
    this.reasoning = policy.startsInReasoning(context);
    this.lexer = new MarkerLexer(this, this.liveMarkers());
  }

  get inReasoning(): boolean {
    return this.reasoning;
  }

  push(text: string): void {
    this.lexer.push(text);
  }

  end(): void {
    this.lexer.end();
    if (this.reasoning) this.closeReasoningSpan();
  }

  flush(): void {
    this.lexer.end();
  }

  interrupt(): void {
    // Held bytes cannot be a marker any more: a tool call follows them.
    this.lexer.end();
    if (this.reasoning) {
      this.closeReasoningSpan();
      this.reasoning = false;
    }
    this.contentSeen = true;
    this.lexer.markers = this.liveMarkers();
  }

  text(text: string): void {
    if (this.reasoning) {
      this.emitReasoning(text);
      return;
    }
    if (!this.contentSeen && /\S/.test(text)) {
      this.contentSeen = true;
      this.lexer.markers = this.liveMarkers();
    }
    this.sink({ type: "text", text });
  }

  marker(marker: string, _buffer: string, index: number): number {
    const resume = index + marker.length;
    if (marker === THINK_CLOSE) {
      // Ends reasoning; a stray `</think>` in content is dropped.
      if (this.reasoning) this.closeReasoningSpan();
      this.reasoning = false;
    } else {
      // `<think>` inside reasoning is absorbed (the span goes on, so held whitespace was not
      // trailing: pass it on first); in content it (re-)enters reasoning.
      if (this.reasoning && this.heldWhitespace.length > 0) {
        this.sink({ type: "reasoning", text: this.heldWhitespace });
        this.heldWhitespace = "";
      }
      this.reasoning = true;
    }
    this.sink({ type: "markup", text: marker });
    this.lexer.markers = this.liveMarkers();
    return resume;
  }

  private liveMarkers() {
    if (this.reasoning) return REASONING_MARKERS;
    const entersReasoning =
      this.policy.thinkInContent === "reenter" ||
      (this.policy.thinkInContent === "before-content" && !this.contentSeen);
    return entersReasoning ? CONTENT_MARKERS_WITH_OPEN : CONTENT_MARKERS;
  }

  private emitReasoning(text: string): void {
    if (!this.policy.trimTrailingWhitespace) {
      this.sink({ type: "reasoning", text });
      return;
    }
    let end = text.length;
    while (end > 0 && isWhitespace(text.charCodeAt(end - 1))) end--;
    if (end === 0) {
      this.heldWhitespace += text;
      if (this.heldWhitespace.length > MAX_HELD_WHITESPACE) {
        this.sink({ type: "reasoning", text: this.heldWhitespace });
        this.heldWhitespace = "";
      }
      return;
    }
    this.sink({ type: "reasoning", text: this.heldWhitespace + text.slice(0, end) });
    this.heldWhitespace = text.slice(end);
  }

  private closeReasoningSpan(): void {
    if (this.heldWhitespace.length > 0) {
      this.sink({ type: "markup", text: this.heldWhitespace });
      this.heldWhitespace = "";
    }
  }
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}
