import { expect } from "vitest";
import type {
  CallStartPolicy,
  ReasoningDialect,
  StreamParser,
  ToolDialect,
  ToolParserContext,
} from "../dialect";
import type { JsonSchema } from "../json-schema";
import { createParserContext } from "../parser-context";
import type { Segment, SegmentSink } from "../segment";
import { type Chunking, chunkings } from "./chunkings";
import { checkSegmentInvariants } from "./invariants";
import { runStream } from "./run-stream";
import { type SegmentTextResult, segmentText } from "./segment-text";
import { normalizeSegments, type StreamSummary, summarize } from "./summarize";

export interface ToolRunOptions {
  readonly tools?: Record<string, JsonSchema>;
  readonly reasoning?: ReasoningDialect;
  readonly thinking?: boolean;
  /** Another tool dialect of the same package (glm47 beside glm45). */
  readonly dialect?: ToolDialect;
}

export interface ToolHarnessOptions<P extends StreamParser> {
  readonly dialect: () => ToolDialect;
  /** The parser alone, as the dialect makes it (with its default limits). */
  readonly createParser: (context: ToolParserContext, sink: SegmentSink) => P;
  /** More ways to cut a case's text, beyond as given, one character per chunk and random splits. */
  readonly moreChunkings?: (text: string) => readonly Chunking[];
}

/** A parser fed by hand, to look at what it emitted after each push. */
export interface ToolProbe<P> {
  readonly parser: P;
  readonly segments: Segment[];
  /** The arguments JSON emitted so far (all calls). */
  argumentsJson(): string;
  /** The text emitted so far. */
  text(): string;
  started(): number;
  ended(): number;
}

export interface ToolParserHarness<P> {
  /**
   * Runs the segmenter (the dialect, optionally with a reasoning dialect in front) over `chunks`, and also
   * over the same text one character per chunk and at random splits: every run must satisfy the invariants
   * and give the same normalized segments (docs/architecture.md I3, I4). Returns the result of `chunks`.
   */
  run(chunks: string | readonly string[], options?: ToolRunOptions): SegmentTextResult;
  /** The parser alone, with a fixed call-start policy (what the segmenter would say). */
  runWithPolicy(
    chunks: readonly string[],
    policy: CallStartPolicy,
    tools?: Record<string, JsonSchema>,
  ): StreamSummary & { segments: Segment[]; problems: string[] };
  createProbe(tools?: Record<string, JsonSchema>): ToolProbe<P>;
}

/** The hand-written tests' runners for one tool dialect's package, so each package does not copy them. */
export function toolParserHarness<P extends StreamParser>(
  options: ToolHarnessOptions<P>,
): ToolParserHarness<P> {
  const contextOf = (tools: Record<string, JsonSchema>, policy: CallStartPolicy): ToolParserContext => ({
    ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
    callStartPolicy: () => policy,
  });
  return {
    run(chunks, runOptions = {}) {
      const pieces = typeof chunks === "string" ? [chunks] : chunks;
      const { dialect, ...rest } = runOptions;
      const settings = { tool: dialect ?? options.dialect(), ...rest };
      const result = segmentText(settings, pieces);
      expect(result.problems).toEqual([]);
      const others = [...chunkings(pieces, 4, 7), ...(options.moreChunkings?.(pieces.join("")) ?? [])];
      for (const chunking of others) {
        const other = segmentText(settings, chunking.chunks);
        expect(other.problems, chunking.name).toEqual([]);
        expect(other.segments, chunking.name).toEqual(result.segments);
      }
      return result;
    },
    runWithPolicy(chunks, policy, tools = {}) {
      const context = contextOf(tools, policy);
      const raw = runStream((sink) => options.createParser(context, sink), chunks);
      const segments = normalizeSegments(raw);
      return { ...summarize(segments), segments, problems: checkSegmentInvariants(raw, chunks.join("")) };
    },
    createProbe(tools = {}) {
      const segments: Segment[] = [];
      const parser = options.createParser(contextOf(tools, "all"), (segment) => segments.push(segment));
      const joined = (type: "tool-call-delta" | "text") =>
        segments
          .map((segment) =>
            segment.type === type ? (segment.type === "text" ? segment.text : segment.argumentsJson) : "",
          )
          .join("");
      return {
        parser,
        segments,
        argumentsJson: () => joined("tool-call-delta"),
        text: () => joined("text"),
        started: () => segments.filter((segment) => segment.type === "tool-call-start").length,
        ended: () => segments.filter((segment) => segment.type === "tool-call-end").length,
      };
    },
  };
}

/** The parsed arguments of every call, in order. */
export function argumentsOf(result: StreamSummary): unknown[] {
  return result.calls.map((call) => call.arguments);
}

/** The warning codes, in order. */
export function warningCodes(result: { readonly warnings: readonly { readonly code: string }[] }): string[] {
  return result.warnings.map((warning) => warning.code);
}
