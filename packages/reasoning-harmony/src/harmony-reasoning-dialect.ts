import type { ReasoningDialect } from "@sluice/core";
import { HarmonyReasoningParser } from "./harmony-reasoning-parser";
import { HARMONY_TOKENS } from "./harmony-tokens";

/**
 * `harmony` (docs/dialects.md §1): gpt-oss's channels, seen raw (llama.cpp with `--reasoning-format none`, or a
 * server that keeps special tokens and parses nothing): `analysis` is reasoning, `final` and the preamble text.
 */
export function harmonyReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "harmony",
    // The peers' names: vLLM's `--reasoning-parser openai_gptoss`, SGLang's `gpt-oss`; `openai` and `gpt_oss` as
    // the tool dialect takes them (a config may name both parsers alike).
    aliases: ["openai", "gpt_oss", "gpt-oss", "openai_gptoss"],
    description:
      "gpt-oss harmony: `<|channel|>analysis<|message|>…<|end|>` is reasoning, `final` and the recipient-less `commentary` preamble are text",
    markers: HARMONY_TOKENS,
    // The tokens are special: servers drop them (and pad them with spaces) unless told not to.
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    // gpt-oss always reasons: `reasoning_effort` (low, medium, high) sets how much, nothing turns it off.
    alwaysThinks: true,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new HarmonyReasoningParser(context, sink),
  };
}
