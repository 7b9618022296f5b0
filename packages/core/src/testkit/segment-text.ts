import type { ReasoningDialect, ToolDialect } from "../dialect";
import type { JsonSchema } from "../json-schema";
import { createParserContext } from "../parser-context";
import type { Segment } from "../segment";
import { createSegmenter } from "../segmenter";
import { checkSegmentInvariants } from "./invariants";
import { runStream } from "./run-stream";
import { normalizeSegments, type StreamSummary, summarize } from "./summarize";

export interface SegmentTextOptions {
  readonly reasoning?: ReasoningDialect;
  readonly tool?: ToolDialect;
  readonly thinking?: boolean;
  /** Where the template left the model (`ParserContext.startsInReasoning`); absent: the dialect decides. */
  readonly startsInReasoning?: boolean;
  readonly tools?: Record<string, JsonSchema>;
}

export interface SegmentTextResult extends StreamSummary {
  /** Normalized segments (adjacent pieces of the same kind merged). */
  readonly segments: Segment[];
  /** Invariant violations (see checkSegmentInvariants); empty when all hold. */
  readonly problems: string[];
}

/** Runs a segmenter over `chunks` and returns its normalized segments, summary and problems. */
export function segmentText(
  options: SegmentTextOptions,
  chunks: readonly string[] | string,
): SegmentTextResult {
  const pieces = typeof chunks === "string" ? [chunks] : chunks;
  const raw = runStream(
    (sink) =>
      createSegmenter({
        reasoning: options.reasoning,
        tool: options.tool,
        context: createParserContext({
          thinking: options.thinking ?? false,
          startsInReasoning: options.startsInReasoning,
          tools: Object.entries(options.tools ?? {}),
        }),
        sink,
      }),
    pieces,
  );
  const segments = normalizeSegments(raw);
  return { ...summarize(segments), segments, problems: checkSegmentInvariants(raw, pieces.join("")) };
}
