import type { ToolDialect } from "@sluice/core";
import { MinimaxM2ToolParser } from "./minimax-m2-tool-parser";

/** `minimax_m2`: MiniMax M2/M2.1/M2.5: <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke></minimax:tool_call> */
export function minimaxM2ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "minimax_m2",
    // The peers' names for this format (vLLM's `--tool-call-parser` name), accepted in a config too.
    aliases: [],
    description:
      'MiniMax M2/M2.1/M2.5: <minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke></minimax:tool_call>',
    markers: [],
    createParser: (context, sink) => new MinimaxM2ToolParser(context, sink),
  };
}
