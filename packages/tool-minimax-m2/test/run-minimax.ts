import {
  type CallStartPolicy,
  createParserContext,
  type JsonSchema,
  type ReasoningDialect,
  type Segment,
} from "@sluice/core";
import {
  checkSegmentInvariants,
  chunkings,
  normalizeSegments,
  runStream,
  type SegmentTextResult,
  segmentText,
  summarize,
} from "@sluice/core/testkit";
import { expect } from "vitest";
import { DEFAULT_MINIMAX_M2_LIMITS, MinimaxM2ToolParser, minimaxM2ToolDialect } from "../src";

export interface RunOptions {
  readonly tools?: Record<string, JsonSchema>;
  readonly reasoning?: ReasoningDialect;
  readonly thinking?: boolean;
}

/**
 * Runs the segmenter (minimax_m2, optionally with a reasoning dialect) over `chunks`, and also over the
 * same text one character per chunk and at random splits: every run must satisfy the invariants and
 * give the same normalized segments (docs/architecture.md I3, I4). Returns the result of the given chunking.
 */
export function runMinimax(chunks: string | readonly string[], options: RunOptions = {}): SegmentTextResult {
  const pieces = typeof chunks === "string" ? [chunks] : chunks;
  const settings = { tool: minimaxM2ToolDialect(), ...options };
  const result = segmentText(settings, pieces);
  expect(result.problems).toEqual([]);
  for (const chunking of chunkings(pieces, 4, 7)) {
    const other = segmentText(settings, chunking.chunks);
    expect(other.problems, chunking.name).toEqual([]);
    expect(other.segments, chunking.name).toEqual(result.segments);
  }
  return result;
}

/** The parsed arguments of every call, in order. */
export function argumentsOf(result: SegmentTextResult): unknown[] {
  return result.calls.map((call) => call.arguments);
}

/** The warning codes, in order. */
export function codesOf(result: { warnings: readonly { code: string }[] }): string[] {
  return result.warnings.map((warning) => warning.code);
}

function parserContext(tools: Record<string, JsonSchema>, policy: () => CallStartPolicy) {
  return {
    ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
    callStartPolicy: policy,
  };
}

/** The parser alone, with a fixed call-start policy (what the segmenter would say). */
export function runWithPolicy(
  chunks: readonly string[],
  policy: CallStartPolicy,
  tools: Record<string, JsonSchema> = {},
): ReturnType<typeof summarize> & { segments: Segment[]; problems: string[] } {
  const context = parserContext(tools, () => policy);
  const raw = runStream((sink) => new MinimaxM2ToolParser(context, sink, DEFAULT_MINIMAX_M2_LIMITS), chunks);
  const segments = normalizeSegments(raw);
  return { ...summarize(segments), segments, problems: checkSegmentInvariants(raw, chunks.join("")) };
}

/** A parser fed by hand, to look at what it emitted after each push. */
export function createProbe(tools: Record<string, JsonSchema> = {}) {
  const segments: Segment[] = [];
  const context = parserContext(tools, () => "all");
  const parser = new MinimaxM2ToolParser(
    context,
    (segment) => segments.push(segment),
    DEFAULT_MINIMAX_M2_LIMITS,
  );
  return {
    parser,
    segments,
    /** The arguments JSON emitted so far (all calls). */
    argumentsJson: () =>
      segments.map((segment) => (segment.type === "tool-call-delta" ? segment.argumentsJson : "")).join(""),
    /** The text emitted so far. */
    text: () => segments.map((segment) => (segment.type === "text" ? segment.text : "")).join(""),
    started: () => segments.filter((segment) => segment.type === "tool-call-start").length,
    ended: () => segments.filter((segment) => segment.type === "tool-call-end").length,
  };
}
