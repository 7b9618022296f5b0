import { runReasoningPeerCases, runToolPeerCases } from "@sluice/core/testkit";
import { kimiK3ReasoningDialect } from "@sluice/reasoning-kimi-k3";
import { kimiK3ToolDialect } from "../src";

// The Kimi K3 tool peer cases of fixtures/ (12), with the family's reasoning dialect in front (the kimi-k3
// preset): the cases carry the response channel's wrappers around the content, which that dialect drops. Thinking
// is off, so the stream starts in the response channel, as the prompt left it (e009, e013).
runToolPeerCases({
  dialect: kimiK3ToolDialect,
  reasoning: kimiK3ReasoningDialect,
  dialects: (name) => name === "kimi_k3",
});

// The Kimi K3 reasoning peer cases (8) again with the family's own tool dialect in front (preset kimi-k3), not the
// echo double: q002's tools channel holds no call, so it reaches the reasoning dialect, which ends the reasoning
// at its opener and passes it on as content. Skipped as in packages/reasoning-kimi-k3, for the same reasons.
runReasoningPeerCases({
  dialect: kimiK3ReasoningDialect,
  tool: kimiK3ToolDialect,
  parsers: (name) => name === "kimi_k3",
  skip: {
    "q004-kimi-k3-in-reasoning-answer-closed-as-response-is-content-not-reasoning":
      "streamed live, the answer written in the think channel has gone out as reasoning (docs/dialects.md §1, kimi_k3)",
    "q005-kimi-k3-observed-think-channel-ignores-a-stray-sibling-closer":
      "a channel wrapper never reaches the client as text: <|close|>response<|sep|> ends the reasoning (docs/dialects.md §1, kimi_k3)",
  },
});
