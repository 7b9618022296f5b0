import type { ToolDialect } from "@sluice/core";
import { DEFAULT_GEMMA4_LIMITS } from "./gemma4-limits";
import { CALL_CLOSE, CALL_OPEN, QUOTE, TURN_END } from "./gemma4-markers";
import { Gemma4ToolParser } from "./gemma4-tool-parser";

/**
 * `gemma4` (docs/dialects.md §3): Gemma 4's tool calls, `<|tool_call>call:NAME{key:VALUE,…}<tool_call|>`, values
 * typed by their own syntax (`<|"|>` strings, bare numbers and literals, nested `{…}` / `[…]`), written as JSON
 * while they stream. Every marker is a special token: the server must keep them, unspaced.
 */
export function gemma4ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "gemma4",
    // vLLM's and SGLang's `--tool-call-parser gemma4` is the id itself.
    aliases: [],
    description:
      'Gemma 4: `<|tool_call>call:NAME{key:VALUE,…}<tool_call|>`, strings between `<|"|>`, bare numbers and literals, nested `{…}` / `[…]`',
    markers: [CALL_OPEN, CALL_CLOSE, QUOTE, TURN_END],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new Gemma4ToolParser(context, sink, DEFAULT_GEMMA4_LIMITS),
  };
}
