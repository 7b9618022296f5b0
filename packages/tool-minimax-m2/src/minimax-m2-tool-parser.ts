import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { minimaxM2Grammar } from "./minimax-m2-grammar";
import type { MinimaxM2Limits } from "./minimax-m2-limits";

/**
 * The `minimax_m2` tool parser (docs/dialects.md §3): tool-kit's TagCallParser over MiniMax's tags — text outside
 * calls as `text`; each invoke as `tool-call-start`, argument deltas (string values streamed live, others typed
 * by the schema at their close), `tool-call-end`, with its whole source as `markup`. Everything it holds is
 * bounded by the limits, except the text of one non-string value.
 */
export class MinimaxM2ToolParser extends TagCallParser {
  constructor(context: ToolParserContext, sink: SegmentSink, limits: MinimaxM2Limits) {
    super(context, sink, minimaxM2Grammar(limits));
  }
}
