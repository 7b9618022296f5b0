import type { ToolDialect } from "@sluice/core";
import { DEFAULT_XTML_LIMITS, XTML_CLOSE, XTML_OPEN, XTML_SEP } from "@sluice/reasoning-kimi-k3";
import { KimiK3ToolParser } from "./kimi-k3-tool-parser";

/**
 * `kimi_k3` (docs/dialects.md §3): Moonshot Kimi K3's XTML tools channel, `<|open|>tools<|sep|>` then per call
 * `<|open|>call tool="N" index="I"<|sep|>`, its arguments as `<|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>`
 * (typed by the model: `string` raw, any other JSON text) or one `<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>`
 * body, `<|close|>call<|sep|>`, and `<|close|>tools<|sep|>`. The control tokens are special tokens: the server must
 * keep them, unspaced, for them to reach content.
 */
export function kimiK3ToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "kimi_k3",
    // vLLM's `--tool-call-parser kimi_k3`, SGLang's and smg's `kimi_k3` are the id itself.
    aliases: [],
    description:
      'Moonshot Kimi K3 (XTML): `<|open|>tools<|sep|><|open|>call tool="N"<|sep|><|open|>argument key="K" type="T"<|sep|>V<|close|>argument<|sep|>…<|close|>call<|sep|><|close|>tools<|sep|>`, values typed by the model, or one json body',
    markers: [XTML_OPEN, XTML_CLOSE, XTML_SEP],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new KimiK3ToolParser(context, sink, DEFAULT_XTML_LIMITS),
  };
}
