import { runReasoningPeerCases } from "@sluice/core/testkit";
import { deepseekV41ReasoningDialect } from "../src";

runReasoningPeerCases({
  dialect: deepseekV41ReasoningDialect,
  parsers: (parser) => parser.startsWith("deepseek_v4"),
  // This package runs the cases with an echo tool dialect, which does not know DSML; the DSML cases run with
  // deepseek_dsml in front in packages/tool-deepseek-dsml/test (a dependency this way would be a cycle).
  skip: {
    "r091-test-registered-adapters-parse-parallel-calls-across-chunks-thinking-t":
      "DSML calls: runs with deepseek_dsml in packages/tool-deepseek-dsml, where it passes",
    "r092-test-streaming-reasoning-implicit-end":
      "DSML calls end the reasoning: runs with deepseek_dsml in packages/tool-deepseek-dsml, where it passes",
    "r095-test-tool-call-start-implicitly-ends-reasoning":
      "the peer has no tool parser and leaves the DSML block in content; with deepseek_dsml it is a call (packages/tool-deepseek-dsml/test/reasoning.test.ts asserts the split and the call)",
  },
});
