import type { ParserContext, ReasoningParser } from "./dialect";
import { HOLD, type MarkerHandler, MarkerLexer } from "./marker-lexer";
import { createMarkerSet, type MarkerSet } from "./marker-set";
import type { SegmentSink } from "./segment";

export const THINK_OPEN = "<think>";
export const THINK_CLOSE = "</think>";

/** One column of the table in docs/dialects.md §1: what makes a `<think>`/`</think>` dialect itself. */
export interface ThinkTagPolicy {
  /** Whether the stream starts inside reasoning (the chat template put `<think>` in the prompt). */
  readonly startsInReasoning: (context: ParserContext) => boolean;
  /**
   * `<think>` met in content: `before-content` enters reasoning only while no non-whitespace
   * content has been seen (later it is literal text, and a `</think>` that closes it stays literal
   * too); `literal` never enters; `reenter` always enters (interleaved thinking).
   */
  readonly thinkInContent: "before-content" | "literal" | "reenter";
  /** The family's own pair when it is not `<think>`/`</think>` (MiniMax M3's `<mm:think>`/`</mm:think>`). */
  readonly tags?: ThinkTags;
  /**
   * A pair of note tags that may follow the close in content (Seed-OSS's `<seed:cot_budget_reflect>` budget
   * notes): met in content, the note's span is reasoning, never answer text; inside reasoning it is reasoning
   * text like any other.
   */
  readonly notes?: ThinkTags;
}

export interface ThinkTags {
  readonly open: string;
  readonly close: string;
  /**
   * A channel name the model writes right after the opener (Gemma 4's `<|channel>thought\n`): markup, not
   * reasoning, when it follows the opener whole; held while the text after the opener is a prefix of it.
   */
  readonly label?: string;
}

interface TagMarkers {
  readonly open: string;
  readonly close: string;
  readonly label: string | undefined;
  readonly both: MarkerSet;
  readonly closeOnly: MarkerSet;
  /** Content's markers when the policy has notes: the pair and the note's opener. */
  readonly withNoteOpen: MarkerSet | undefined;
  /** Inside a note met in content: only its close. */
  readonly noteClose: MarkerSet | undefined;
}

const THINK_TAGS: ThinkTags = { open: THINK_OPEN, close: THINK_CLOSE };
// One pair of marker sets per pair of tags, shared by every parser (a policy is a module constant).
const markersByTags = new Map<string, TagMarkers>();

function markersOf(tags: ThinkTags, notes: ThinkTags | undefined): TagMarkers {
  const key = `${tags.open}\u0000${tags.close}\u0000${tags.label ?? ""}\u0000${notes?.open ?? ""}\u0000${notes?.close ?? ""}`;
  let markers = markersByTags.get(key);
  if (markers === undefined) {
    markers = {
      open: tags.open,
      close: tags.close,
      label: tags.label,
      both: createMarkerSet([tags.open, tags.close]),
      closeOnly: createMarkerSet([tags.close]),
      withNoteOpen: notes === undefined ? undefined : createMarkerSet([tags.open, tags.close, notes.open]),
      noteClose: notes === undefined ? undefined : createMarkerSet([notes.close]),
    };
    markersByTags.set(key, markers);
  }
  return markers;
}

/**
 * The state machine shared by the `<think>` dialects: reasoning / content, with the differences
 * between dialects given as a policy. Markers split across chunks are held by the marker lexer;
 * everything held is flushed at the end as text of the current state. Whitespace is passed on
 * exactly: template separators are the sequencer's to drop, for raw and structured reasoning alike.
 */
export class ThinkTagParser implements ReasoningParser, MarkerHandler {
  private reasoning: boolean;
  // Inside a note met in content (policy.notes): reasoning until the note's close, then content again.
  private inNote = false;
  private contentSeen = false;
  // Literal `<think>`s of the current text block not yet closed: their `</think>` is literal too.
  private literalOpens = 0;
  private readonly lexer: MarkerLexer;
  private readonly tags: TagMarkers;

  constructor(
    private readonly policy: ThinkTagPolicy,
    context: ParserContext,
    private readonly sink: SegmentSink,
  ) {
    this.tags = markersOf(policy.tags ?? THINK_TAGS, policy.notes);
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
  }

  flush(): void {
    this.lexer.end();
    // Tool markup ends the text block, and with it any literal `<think>` awaiting its `</think>`.
    this.literalOpens = 0;
  }

  interrupt(): void {
    // Held bytes cannot be a marker any more: a tool call follows them.
    this.lexer.end();
    this.reasoning = false;
    this.inNote = false;
    this.contentSeen = true;
    this.literalOpens = 0;
    this.lexer.markers = this.liveMarkers();
  }

  text(text: string): void {
    if (this.reasoning) {
      this.sink({ type: "reasoning", text });
      return;
    }
    if (!this.contentSeen && /\S/.test(text)) {
      this.contentSeen = true;
      this.lexer.markers = this.liveMarkers();
    }
    this.sink({ type: "text", text });
  }

  marker(marker: string, buffer: string, index: number, final: boolean): number {
    const resume = index + marker.length;
    const { notes } = this.policy;
    const { label } = this.tags;
    if (label !== undefined && marker === this.tags.open && (this.reasoning || this.entersReasoning())) {
      // The opener's channel name (`<|channel>thought\n`) is markup with it; wait while it may still come.
      if (buffer.startsWith(label, resume)) {
        this.reasoning = true;
        this.sink({ type: "markup", text: marker + label });
        this.lexer.markers = this.liveMarkers();
        return resume + label.length;
      }
      if (!final && buffer.length - resume < label.length && label.startsWith(buffer.slice(resume)))
        return HOLD;
    }
    if (notes !== undefined && (this.inNote || (!this.reasoning && marker === notes.open))) {
      // A note after the close: its tags are markup and its text reasoning, and content resumes after it.
      this.inNote = marker === notes.open;
      this.reasoning = this.inNote;
      this.sink({ type: "markup", text: marker });
      this.lexer.markers = this.liveMarkers();
      return resume;
    }
    if (marker === this.tags.close) {
      if (this.reasoning) this.reasoning = false;
      else if (this.literalOpens > 0) {
        // "see <think>this</think>" in an answer: the pair is prose, not a stray close to drop.
        this.literalOpens--;
        this.sink({ type: "text", text: marker });
        return resume;
      }
      // Ends reasoning; a stray `</think>` in content is dropped.
    } else if (this.reasoning || this.entersReasoning()) {
      // `<think>` inside reasoning is absorbed; in content it (re-)enters reasoning.
      this.reasoning = true;
    } else {
      this.literalOpens++;
      this.sink({ type: "text", text: marker });
      return resume;
    }
    this.sink({ type: "markup", text: marker });
    this.lexer.markers = this.liveMarkers();
    return resume;
  }

  private entersReasoning(): boolean {
    const { thinkInContent } = this.policy;
    return thinkInContent === "reenter" || (thinkInContent === "before-content" && !this.contentSeen);
  }

  private liveMarkers() {
    if (this.inNote && this.tags.noteClose !== undefined) return this.tags.noteClose;
    if (!this.reasoning && this.tags.withNoteOpen !== undefined) return this.tags.withNoteOpen;
    // A `literal` dialect (deepseek_r1) leaves `<think>` in content alone and drops every stray `</think>`.
    if (!this.reasoning && this.policy.thinkInContent === "literal") return this.tags.closeOnly;
    return this.tags.both;
  }
}
