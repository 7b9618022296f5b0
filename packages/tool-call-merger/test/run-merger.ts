import { createParserContext, type ParserContext, type Segment, type ToolCallFragment } from "@sluice/core";
import { createToolCallMerger, type ToolCallMerger } from "../src";

/** One input of the merger: a segment from elsewhere, or the fragments of one upstream delta. */
export type MergerStep = Segment | readonly ToolCallFragment[];

export interface MergerRun {
  readonly segments: Segment[];
  readonly merger: ToolCallMerger;
  /** How many segments had come out before `end()`. */
  readonly beforeEnd: number;
  /** The arguments JSON that had come out, over all calls, after each step (what a client had seen). */
  readonly argumentsAfter: string[];
}

export function runMerger(steps: readonly MergerStep[], context?: ParserContext): MergerRun {
  const segments: Segment[] = [];
  const merger = createToolCallMerger(context ?? createParserContext({ thinking: false }), (segment) =>
    segments.push(segment),
  );
  const argumentsAfter: string[] = [];
  for (const step of steps) {
    if (Array.isArray(step)) merger.fragments(step);
    else merger.segment(step as Segment);
    argumentsAfter.push(
      segments.map((segment) => (segment.type === "tool-call-delta" ? segment.argumentsJson : "")).join(""),
    );
  }
  const beforeEnd = segments.length;
  merger.end();
  return { segments, merger, beforeEnd, argumentsAfter };
}

/** The segments of one emitted call. */
export function callSegments(
  callIndex: number,
  name: string,
  argumentsJson: string,
  upstreamId?: string,
): Segment[] {
  return [
    upstreamId === undefined
      ? { type: "tool-call-start", callIndex, name }
      : { type: "tool-call-start", callIndex, name, upstreamId },
    { type: "tool-call-delta", callIndex, argumentsJson },
    { type: "tool-call-end", callIndex },
  ];
}
