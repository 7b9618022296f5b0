import type { ToolDialect } from "@sluice/core";
import { resolveGlm45Limits } from "./glm45-limits";
import { GLM_MARKERS } from "./glm45-markers";
import type { Glm45ToolOptions } from "./glm45-tool-options";
import { Glm45ToolParser } from "./glm45-tool-parser";

/**
 * `glm45` (docs/dialects.md §3): GLM-4.5/4.6 tool calls,
 * `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n…</tool_call>`, parsed incrementally,
 * with string values streamed as they arrive.
 */
export function glm45ToolDialect(options: Glm45ToolOptions = {}): ToolDialect {
  const limits = resolveGlm45Limits(options);
  return {
    kind: "tool",
    id: "glm45",
    // SGLang's name for the same detector (`--tool-call-parser glm`) and smg's (the SGLang model gateway).
    aliases: ["glm", "glm45_moe"],
    description:
      "GLM-4.5/4.6: `<tool_call>NAME`, then `<arg_key>K</arg_key>` `<arg_value>V</arg_value>` lines, `</tool_call>`",
    markers: GLM_MARKERS,
    createParser: (context, sink) => new Glm45ToolParser(context, sink, "glm45", limits),
  };
}
