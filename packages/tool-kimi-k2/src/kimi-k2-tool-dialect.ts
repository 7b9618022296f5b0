import type { ToolDialect } from "@sluice/core";
import { KimiK2ToolParser } from "./kimi-k2-tool-parser";

/** `kimi_k2`: Kimi K2/K2.5/K2.6: <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>… */
export function kimiK2ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "kimi_k2",
    // The peers' names for this format (vLLM's `--tool-call-parser` name), accepted in a config too.
    aliases: [],
    description:
      "Kimi K2/K2.5/K2.6: <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>…",
    markers: [],
    createParser: (context, sink) => new KimiK2ToolParser(context, sink),
  };
}
