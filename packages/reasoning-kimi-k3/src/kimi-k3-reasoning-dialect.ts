import type { ReasoningDialect } from "@sluice/core";
import { KimiK3ReasoningParser } from "./kimi-k3-reasoning-parser";
import { DEFAULT_XTML_LIMITS } from "./xtml-limits";
import { closeTag, openTag, XTML_END_OF_MSG } from "./xtml-markers";

/**
 * `kimi_k3` (docs/dialects.md §1): Kimi K3's think channel, `<|open|>think<|sep|>…<|close|>think<|sep|>`, then the
 * response channel, whose wrappers never reach the client. The prompt opens the think channel when thinking is on
 * (`chat_template_kwargs.thinking`, default true) and the response channel when it is off, so the stream starts in
 * reasoning exactly when thinking is on. The markers are special tokens: the server must keep them, unspaced.
 */
export function kimiK3ReasoningDialect(): ReasoningDialect {
  return {
    kind: "reasoning",
    id: "kimi_k3",
    // vLLM's, SGLang's and smg's `--reasoning-parser kimi_k3` is the id itself.
    aliases: [],
    description:
      "Moonshot Kimi K3 (XTML): the `<|open|>think<|sep|>…<|close|>think<|sep|>` channel, then the response channel; starts in reasoning when thinking is on",
    // The pair first (the contract tests read a family's think tags from it), then the channel wrappers.
    markers: [
      openTag("think"),
      closeTag("think"),
      openTag("response"),
      closeTag("response"),
      closeTag("message"),
      XTML_END_OF_MSG,
    ],
    requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    thinkingKwarg: "thinking",
    alwaysThinks: false,
    toolCallEndsReasoning: true,
    createParser: (context, sink) => new KimiK3ReasoningParser(context, sink, DEFAULT_XTML_LIMITS),
  };
}
