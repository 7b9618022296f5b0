import type { ToolDialect } from "@sluice/core";
import { TagCallParser } from "@sluice/tool-kit";
import { minimaxM2Grammar } from "./minimax-m2-grammar";
import { DEFAULT_MINIMAX_M2_LIMITS } from "./minimax-m2-limits";
import {
  BLOCK_CLOSE,
  BLOCK_OPEN,
  INVOKE_CLOSE,
  INVOKE_OPEN,
  PARAMETER_CLOSE,
  PARAMETER_OPEN,
} from "./minimax-m2-markers";

/**
 * `minimax_m2` (docs/dialects.md §3): the MiniMax M2 / M2.1 / M2.5 tool-call format
 * `<minimax:tool_call>\n<invoke name="N">\n<parameter name="K">V</parameter>\n…</invoke>\n</minimax:tool_call>`,
 * several invokes per block being several calls, parsed incrementally by tool-kit's TagCallParser with string
 * values streamed live.
 * The markers are plain text, so no request field is needed (docs/dialects.md §3, the table).
 */
export function minimaxM2ToolDialect(): ToolDialect {
  const grammar = minimaxM2Grammar(DEFAULT_MINIMAX_M2_LIMITS);
  return {
    kind: "tool",
    id: "minimax_m2",
    // vLLM's `--tool-call-parser minimax_m2` is the id itself; SGLang's `--tool-call-parser` name is `minimax-m2`.
    aliases: ["minimax-m2"],
    description:
      'MiniMax M2/M2.1/M2.5: `<minimax:tool_call><invoke name="N"><parameter name="K">V</parameter></invoke></minimax:tool_call>`',
    markers: [BLOCK_OPEN, INVOKE_OPEN, PARAMETER_OPEN, PARAMETER_CLOSE, INVOKE_CLOSE, BLOCK_CLOSE],
    createParser: (context, sink) => new TagCallParser(context, sink, grammar),
  };
}
