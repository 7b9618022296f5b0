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
import { DEFAULT_QWEN_XML_LIMITS, QwenXmlToolParser, qwenXmlToolDialect } from "../src";

export interface RunOptions {
  readonly tools?: Record<string, JsonSchema>;
  readonly reasoning?: ReasoningDialect;
  readonly thinking?: boolean;
}

/**
 * Runs the segmenter (qwen_xml, optionally with a reasoning dialect) over `chunks`, and also over the
 * same text one character per chunk and at random splits: every run must satisfy the invariants and
 * give the same normalized segments. Returns the result of the given chunking.
 */
export function runQwen(chunks: string | readonly string[], options: RunOptions = {}): SegmentTextResult {
  const pieces = typeof chunks === "string" ? [chunks] : chunks;
  const settings = { tool: qwenXmlToolDialect(), ...options };
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

/** The parser alone, with a fixed call-start policy (what the segmenter would say). */
export function runWithPolicy(
  chunks: readonly string[],
  policy: CallStartPolicy,
  tools: Record<string, JsonSchema> = {},
): ReturnType<typeof summarize> & { segments: Segment[]; problems: string[] } {
  const context = {
    ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
    callStartPolicy: () => policy,
  };
  const raw = runStream((sink) => new QwenXmlToolParser(context, sink, DEFAULT_QWEN_XML_LIMITS), chunks);
  const segments = normalizeSegments(raw);
  return { ...summarize(segments), segments, problems: checkSegmentInvariants(raw, chunks.join("")) };
}

/** A parser fed by hand, to look at what it emitted after each push. */
export function createProbe(tools: Record<string, JsonSchema> = {}) {
  const segments: Segment[] = [];
  const context = {
    ...createParserContext({ thinking: false, tools: Object.entries(tools) }),
    callStartPolicy: () => "all" as const,
  };
  const parser = new QwenXmlToolParser(context, (segment) => segments.push(segment), DEFAULT_QWEN_XML_LIMITS);
  return {
    parser,
    segments,
    /** The arguments JSON emitted so far (all calls). */
    argumentsJson: () =>
      segments.map((segment) => (segment.type === "tool-call-delta" ? segment.argumentsJson : "")).join(""),
    started: () => segments.filter((segment) => segment.type === "tool-call-start").length,
    ended: () => segments.filter((segment) => segment.type === "tool-call-end").length,
  };
}
