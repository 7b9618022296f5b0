import { runToolPeerCases } from "@sluice/core/testkit";
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
