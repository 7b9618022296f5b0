import type { ToolDialect } from "@sluice/core";
import { Glm45ToolParser } from "./glm45-tool-parser";

/** `glm47`: GLM-4.7/5.x, the glm45 grammar without the newlines; zero-argument `<tool_call>NAME</tool_call>`. */
export function glm47ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "glm47",
    aliases: [],
    description:
      "GLM-4.7/5.x: <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>, no newlines",
    markers: [],
    createParser: (context, sink) => new Glm45ToolParser(context, sink),
  };
}
