import type { ToolDialect } from "@sluice/core";
import {
  CALL_BEGIN,
  CALL_END,
  CALLS_BEGIN,
  CALLS_END,
  END_OF_SENTENCE,
  TOOL_SEP,
} from "./deepseek-v31-markers";
import { DeepseekV31ToolParser } from "./deepseek-v31-tool-parser";

/** `deepseek_v31`: DeepSeek V3/V3.1: <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>… */
export function deepseekV31ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "deepseek_v31",
    // vLLM's `deepseek_v3` and SGLang's `deepseekv31` / `deepseekv3` (it reads V3's fenced form too).
    aliases: ["deepseekv31", "deepseek_v3", "deepseekv3"],
    description:
      "DeepSeek V3/V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜>…`",
    markers: [CALLS_BEGIN, CALL_BEGIN, TOOL_SEP, CALL_END, CALLS_END, END_OF_SENTENCE],
    // No request fields: these markers are plain added tokens, in `content` with default server settings
    // (docs/dialects.md §3); skip_special_tokens: false would only surface the truly special ones.
    createParser: (context, sink) => new DeepseekV31ToolParser(context, sink),
  };
}
