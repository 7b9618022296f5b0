import type { ToolDialect } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { glm45Grammar } from "./glm45-grammar";
import { resolveGlm45Limits } from "./glm45-limits";
import { GLM_MARKERS } from "./glm45-markers";
import type { Glm45ToolOptions } from "./glm45-tool-options";

/**
 * `glm45` (docs/dialects.md §3): GLM-4.5/4.6 tool calls,
 * `<tool_call>NAME\n<arg_key>K</arg_key>\n<arg_value>V</arg_value>\n…</tool_call>`, parsed incrementally,
 * with string values streamed as they arrive.
 */
export function glm45ToolDialect(options: Glm45ToolOptions = {}): ToolDialect {
  const grammar = glm45Grammar(resolveGlm45Limits(options), "glm45");
  return {
    kind: "tool",
    id: "glm45",
    // SGLang's name for the same detector (`--tool-call-parser glm`) and smg's (the SGLang model gateway).
    aliases: ["glm", "glm45_moe"],
    description:
      "GLM-4.5/4.6: `<tool_call>NAME`, then `<arg_key>K</arg_key>` `<arg_value>V</arg_value>` lines, `</tool_call>`",
    markers: GLM_MARKERS,
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}
