import type { ToolDialect } from "@sluice/core";
import { DeepseekDsmlToolParser } from "./deepseek-dsml-tool-parser";

/** `deepseek_dsml`: DeepSeek V3.2/V4/V4.1 DSML: <｜DSML｜function_calls> (tool_calls, V4.1's spaced calls) <｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>… */
export function deepseekDsmlToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "deepseek_dsml",
    // The peers' names for this format (vLLM's `--tool-call-parser` name), accepted in a config too.
    aliases: [],
    description:
      'DeepSeek V3.2/V4/V4.1 DSML: <｜DSML｜function_calls> (tool_calls, V4.1\'s spaced calls) <｜DSML｜invoke name="N"><｜DSML｜parameter name="K" string="true|false">V</｜DSML｜parameter>…',
    markers: [],
    createParser: (context, sink) => new DeepseekDsmlToolParser(context, sink),
  };
}
