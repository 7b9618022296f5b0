import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { JsonToolCallParser } from "@sluice/tool-kit";
import { DEEPSEEK_V31_GRAMMAR } from "./deepseek-v31-grammar";

/**
 * The `deepseek_v31` parser (docs/dialects.md §3): tool-kit's parser of marker-delimited JSON calls over
 * DeepSeek's markers. A call starts once `NAME<｜tool▁sep｜>{` (V3: `function<｜tool▁sep｜>NAME\n```json\n{`)
 * is read; its arguments stream live. A trailing `<｜end▁of▁sentence｜>` is markup.
 */
export class DeepseekV31ToolParser extends JsonToolCallParser {
  constructor(context: ToolParserContext, sink: SegmentSink) {
    super(DEEPSEEK_V31_GRAMMAR, context, sink);
  }
}
