import {
  type CallStartPolicy,
  createParserContext,
  type JsonSchema,
  type ReasoningDialect,
  type Segment,
  type ToolDialect,
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
import { DEFAULT_GLM45_LIMITS, Glm45ToolParser, glm45ToolDialect } from "../src";

export interface RunOptions {
  readonly tools?: Record<string, JsonSchema>;
  readonly reasoning?: ReasoningDialect;
  readonly thinking?: boolean;
  readonly dialect?: ToolDialect;
}

/**
 * Runs the segmenter (glm45 by default, optionally with a reasoning dialect) over `chunks`, and also over
 * the same text one character per chunk and at random splits: every run must satisfy the invariants and
 * give the same normalized segments. Returns the result of the given chunking.
 */
export function runGlm(chunks: string | readonly string[], options: RunOptions = {}): SegmentTextResult {
  const pieces = typeof chunks === "string" ? [chunks] : chunks;
  const { dialect, ...rest } = options;
  const settings = { tool: dialect ?? glm45ToolDialect(), ...rest };
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
export function codesOf(result: { readonly warnings: readonly { readonly code: string }[] }): string[] {
  return result.warnings.map((warning) => warning.code);
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
  const raw = runStream((sink) => new Glm45ToolParser(context, sink), chunks);
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
  const parser = new Glm45ToolParser(
    context,
    (segment) => segments.push(segment),
    "glm45",
    DEFAULT_GLM45_LIMITS,
  );
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
