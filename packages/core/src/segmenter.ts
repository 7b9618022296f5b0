import type {
  CallStartPolicy,
  ParserContext,
  ReasoningDialect,
  ReasoningParser,
  StreamParser,
  ToolDialect,
  ToolParser,
} from "./dialect";
import type { Segment, SegmentSink } from "./segment";

export interface SegmenterOptions {
  /** The family's reasoning dialect; omitted: the content has no reasoning markup. */
  readonly reasoning?: ReasoningDialect | undefined;
  /** The family's tool dialect; omitted: the content has no tool-call markup. */
  readonly tool?: ToolDialect | undefined;
  readonly context: ParserContext;
  readonly sink: SegmentSink;
}

/** What a server that parses itself delivered as structured fields (docs/dialects.md §1). */
export type ServerParsedKind = "reasoning" | "tool-calls";

export interface Segmenter extends StreamParser {
  /**
   * The upstream sent this kind as structured fields, so the server parses it itself: the dialect for
   * it ends (passing on what it holds) and goes passive for the rest of the stream. After structured
   * reasoning, `content` is never reasoning; after structured tool calls, it is never tool markup.
   * One preset thus serves a family whether or not the server runs its own parsers.
   */
  serverParsed(kind: ServerParsedKind): void;
}

/**
 * Composes one reasoning dialect and one tool dialect over raw `content` text (docs/architecture.md §1).
 *
 * The tool parser sees the raw text first, so everything inside a call (a `<think>` in a
 * parameter value, say) is the tool dialect's alone. What is not a call flows on, in order, into
 * the reasoning parser, which splits it into reasoning and text. A call the tool dialect confirms
 * while reasoning is open ends the reasoning span first (the model skipped `</think>`).
 */
export function createSegmenter(options: SegmenterOptions): Segmenter {
  const { context, sink } = options;
  const reasoningDialect = options.reasoning;
  let reasoning: ReasoningParser = reasoningDialect
    ? reasoningDialect.createParser(context, sink)
    : new ContentOnlyParser(sink);
  let toolCallEndsReasoning = reasoningDialect?.toolCallEndsReasoning ?? false;

  const callStartPolicy = (): CallStartPolicy => {
    if (!reasoning.inReasoning) return "all";
    return toolCallEndsReasoning ? "explicit" : "none";
  };

  const fromToolParser = (segment: Segment): void => {
    if (segment.type === "text") {
      reasoning.push(segment.text);
      return;
    }
    // Tool markup breaks the text in two: what the reasoning parser holds ("a <", "</th") goes first.
    if (segment.type === "tool-call-start" && reasoning.inReasoning) reasoning.interrupt();
    else reasoning.flush();
    sink(segment);
  };

  let tool: ToolParser | undefined = options.tool?.createParser(
    { ...context, callStartPolicy },
    fromToolParser,
  );

  return {
    push(text: string): void {
      if (text.length === 0) return;
      if (tool) tool.push(text);
      else reasoning.push(text);
    },
    end(): void {
      tool?.end();
      reasoning.end();
    },
    serverParsed(kind: ServerParsedKind): void {
      if (kind === "tool-calls") {
        if (tool === undefined) return;
        // Its text goes to the reasoning parser as usual; from now on content skips it.
        const ended = tool;
        tool = undefined;
        ended.end();
        return;
      }
      if (reasoning instanceof ContentOnlyParser) return;
      reasoning.end();
      reasoning = new ContentOnlyParser(sink);
      toolCallEndsReasoning = false;
    },
  };
}

/** The reasoning stage when the family has no reasoning markup: everything is text. */
class ContentOnlyParser implements ReasoningParser {
  constructor(private readonly sink: SegmentSink) {}
  get inReasoning(): boolean {
    return false;
  }
  push(text: string): void {
    if (text.length > 0) this.sink({ type: "text", text });
  }
  end(): void {}
  interrupt(): void {}
  flush(): void {}
}
