import type { ToolDialect } from "@sluice/core";
import { DeepseekV31ToolParser } from "./deepseek-v31-tool-parser";

/** `deepseek_v31`: DeepSeek V3/V3.1: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>… */
export function deepseekV31ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "deepseek_v31",
    // The peers' names for this format (vLLM's `--tool-call-parser` name), accepted in a config too.
    aliases: [],
    description:
      "DeepSeek V3/V3.1: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>…",
    markers: [],
    createParser: (context, sink) => new DeepseekV31ToolParser(context, sink),
  };
}
