import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { JsonToolCallParser } from "@sluice/tool-kit";
import { KIMI_K2_GRAMMAR } from "./kimi-k2-grammar";

/**
 * The `kimi_k2` parser (docs/dialects.md §3): tool-kit's parser of marker-delimited JSON calls over Kimi's
 * markers. A call starts once `functions.NAME:IDX<|tool_call_argument_begin|>{` is read; its arguments
 * stream live. The native id is not a valid Anthropic id, so none is passed on: the sequencer mints one.
 */
export class KimiK2ToolParser extends JsonToolCallParser {
  constructor(context: ToolParserContext, sink: SegmentSink) {
    super(KIMI_K2_GRAMMAR, context, sink);
  }
}
