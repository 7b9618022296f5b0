import type { ToolDialect } from "@sluice/core";
import { DEFAULT_MINIMAX_M3_LIMITS } from "./minimax-m3-limits";
import { NAMESPACE } from "./minimax-m3-markers";
import { MinimaxM3ToolParser } from "./minimax-m3-tool-parser";

/**
 * `minimax_m3` (docs/dialects.md §3): MiniMax M3's tool-call format, every tag prefixed by the namespace token
 * `]<]minimax[>[` (NS): `NS<tool_call>NS<invoke name="N">NS<KEY>V NS</KEY>…NS</invoke>NS</tool_call>`, parameters
 * named by their tags, objects as child tags, arrays as repeated `<item>`, values typed by the schema.
 * The namespace token is a special token: the server must keep special tokens, unspaced, for it to reach content.
 */
export function minimaxM3ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "minimax_m3",
    // vLLM, SGLang and smg all name it `minimax_m3`, the id itself: no other name to accept.
    aliases: [],
    description:
      'MiniMax M3: `]<]minimax[>[<tool_call>]<]minimax[>[<invoke name="N">]<]minimax[>[<KEY>V]<]minimax[>[</KEY>…</invoke>…</tool_call>`, every tag after the namespace token',
    markers: [NAMESPACE],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new MinimaxM3ToolParser(context, sink, DEFAULT_MINIMAX_M3_LIMITS),
  };
}
