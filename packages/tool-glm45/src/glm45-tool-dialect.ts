import type { ToolDialect } from "@sluice/core";
import { Glm45ToolParser } from "./glm45-tool-parser";

/** `glm45`: GLM-4.5/4.6: <tool_call>NAME, then <arg_key>K</arg_key><arg_value>V</arg_value> lines, </tool_call> */
export function glm45ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "glm45",
    // The peers' names for this format (vLLM's `--tool-call-parser` name), accepted in a config too.
    aliases: [],
    description:
      "GLM-4.5/4.6: <tool_call>NAME, then <arg_key>K</arg_key><arg_value>V</arg_value> lines, </tool_call>",
    markers: [],
    createParser: (context, sink) => new Glm45ToolParser(context, sink),
  };
}
