import type { SegmentSink, ToolParserContext } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { type GlmDialectId, glm45Grammar } from "./glm45-grammar";
import { DEFAULT_GLM45_LIMITS, type Glm45Limits } from "./glm45-limits";

/**
 * The `glm45` / `glm47` tool parser (docs/dialects.md §3): tool-kit's TagCallParser over GLM's tags — text outside
 * calls as `text`; a call as `tool-call-start`, argument deltas (string values streamed live), `tool-call-end`,
 * with its whole source as `markup`. One grammar serves both layouts (d024). `dialect` is the id the warning
 * codes start with. Everything it holds is bounded by the limits, except one non-string value.
 */
export class Glm45ToolParser extends TagCallParser {
  constructor(
    context: ToolParserContext,
    sink: SegmentSink,
    dialect: GlmDialectId = "glm45",
    limits: Glm45Limits = DEFAULT_GLM45_LIMITS,
  ) {
    super(context, sink, glm45Grammar(limits, dialect));
  }
}
