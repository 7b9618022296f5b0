import { runReasoningPeerCases, runToolPeerCases } from "@sluice/core/testkit";
import { harmonyReasoningDialect } from "@sluice/reasoning-harmony";
import { harmonyToolDialect } from "../src";

// The harmony tool peer cases (7: llama.cpp's gpt-oss block, SGLang's gpt-oss detector) with the family's reasoning
// dialect in front (preset gpt-oss): their content is the final channel's, the analysis being reasoning.
runToolPeerCases({
  dialect: harmonyToolDialect,
  reasoning: harmonyReasoningDialect,
  dialects: (name) => name === "harmony",
});

// The harmony reasoning peer cases (q026, q028) with the family's tool dialect too, as the preset runs them.
runReasoningPeerCases({
  dialect: harmonyReasoningDialect,
  tool: harmonyToolDialect,
  parsers: (name) => name === "harmony",
});
