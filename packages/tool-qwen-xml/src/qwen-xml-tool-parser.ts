import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { qwenXmlGrammar } from "./qwen-xml-grammar";
import type { QwenXmlLimits } from "./qwen-xml-limits";

/**
 * The `qwen_xml` tool parser (docs/dialects.md §2): tool-kit's TagCallParser over qwen_xml's tags — text outside
 * calls as `text`; a call as `tool-call-start`, argument deltas (string values streamed live), `tool-call-end`,
 * with its whole source as `markup`. Everything it holds is bounded by the limits, except the text of one
 * non-string value.
 */
export class QwenXmlToolParser extends TagCallParser {
  constructor(context: ToolParserContext, sink: SegmentSink, limits: QwenXmlLimits) {
    super(context, sink, qwenXmlGrammar(limits));
  }
}
