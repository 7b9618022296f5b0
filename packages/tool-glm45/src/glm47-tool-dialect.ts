import type { ToolDialect } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { glm45Grammar } from "./glm45-grammar";
import { resolveGlm45Limits } from "./glm45-limits";
import { GLM_MARKERS } from "./glm45-markers";
import type { Glm45ToolOptions } from "./glm45-tool-options";

/**
 * `glm47` (docs/dialects.md §3): GLM-4.7/5.x tool calls, the glm45 grammar without the newlines
 * (`<tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>`; zero arguments:
 * `<tool_call>NAME</tool_call>`). One parser reads both layouts, as vLLM's glm47 does (d024).
 */
export function glm47ToolDialect(options: Glm45ToolOptions = {}): ToolDialect {
  const grammar = glm45Grammar(resolveGlm45Limits(options), "glm47");
  return {
    kind: "tool",
    id: "glm47",
    // smg's name for it (vLLM and SGLang call it glm47, as we do).
    aliases: ["glm47_moe"],
    description:
      "GLM-4.7/5.x: `<tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>`, no newlines",
    markers: GLM_MARKERS,
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}
