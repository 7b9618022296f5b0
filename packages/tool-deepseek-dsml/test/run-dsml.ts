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
import { DEFAULT_DSML_LIMITS, DeepseekDsmlToolParser, deepseekDsmlToolDialect } from "../src";

export interface RunOptions {
  readonly tools?: Record<string, JsonSchema>;
  readonly reasoning?: ReasoningDialect;
  readonly thinking?: boolean;
}

/**
 * Runs the segmenter (deepseek_dsml, optionally with a reasoning dialect) over `chunks`, and also over the same
 * text one code unit per chunk (inside the full-width bars' neighbours too), cut in two at every position, and
 * at random splits: every run must satisfy the invariants and give the same normalized segments
 * (docs/architecture.md I3, I4). Returns the result of the given chunking.
 */
export function runDsml(chunks: string | readonly string[], options: RunOptions = {}): SegmentTextResult {
  const pieces = typeof chunks === "string" ? [chunks] : chunks;
  const text = pieces.join("");
  const settings = { tool: deepseekDsmlToolDialect(), ...options };
  const result = segmentText(settings, pieces);
  expect(result.problems).toEqual([]);
  const splits: { name: string; chunks: readonly string[] }[] = [
    ...chunkings(pieces, 4, 7),
    { name: "one code unit per chunk", chunks: text.split("") },
  ];
  for (let cut = 1; cut < text.length; cut++) {
    splits.push({ name: `cut at ${cut}`, chunks: [text.slice(0, cut), text.slice(cut)] });
  }
  for (const split of splits) {
    const other = segmentText(settings, split.chunks);
    expect(other.problems, split.name).toEqual([]);
    expect(other.segments, split.name).toEqual(result.segments);
  }
  return result;
}

/** The parsed arguments of every call, in order. */
export function argumentsOf(result: SegmentTextResult): unknown[] {
  return result.calls.map((call) => call.arguments);
}

/** The warning codes, in order. */
export function warningCodes(result: { readonly warnings: readonly { code: string }[] }): string[] {
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
  const raw = runStream((sink) => new DeepseekDsmlToolParser(context, sink, DEFAULT_DSML_LIMITS), chunks);
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
  const parser = new DeepseekDsmlToolParser(
    context,
    (segment) => segments.push(segment),
    DEFAULT_DSML_LIMITS,
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
