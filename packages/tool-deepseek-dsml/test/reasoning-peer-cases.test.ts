import { runReasoningPeerCases } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { deepseekDsmlToolDialect } from "../src";

// The DeepSeek V4 / V4.1 reasoning cases with their family's tool dialect in front (the presets' pairing):
// a DSML block ends the reasoning (research §4.4, r091, r092).
runReasoningPeerCases({
  dialect: deepseekV41ReasoningDialect,
  tool: deepseekDsmlToolDialect,
  parsers: (parser) => parser.startsWith("deepseek_v4"),
  skip: {
    "r095-test-tool-call-start-implicitly-ends-reasoning":
      "the peer (vLLM's legacy V4 reasoning parser, no tool parser) leaves the block in content; with deepseek_dsml it is a call, and test/reasoning.test.ts asserts its reasoning split and the call on the same input",
  },
});
