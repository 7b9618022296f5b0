import type { ToolDialect } from "@sluice/core";
import { HARMONY_TOKENS } from "@sluice/reasoning-harmony";
import { HarmonyToolParser } from "./harmony-tool-parser";

/**
 * `harmony` (docs/dialects.md §3): gpt-oss's calls, seen raw: a harmony message addressed to `functions.NAME`,
 * its body the JSON arguments, `<|call|>` its end. The tokens are special: the server must keep them, unspaced.
 */
export function harmonyToolDialect(): ToolDialect {
  return {
    kind: "tool",
    id: "harmony",
    // vLLM's `--tool-call-parser openai`, SGLang's `gpt-oss`, and `gpt_oss` as a config name.
    aliases: ["openai", "gpt_oss", "gpt-oss"],
    description:
      "gpt-oss harmony: `<|start|>assistant<|channel|>commentary to=functions.NAME <|constrain|>json<|message|>{json}<|call|>` (the recipient also in the role)",
    markers: HARMONY_TOKENS,
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    createParser: (context, sink) => new HarmonyToolParser(context, sink),
  };
}
