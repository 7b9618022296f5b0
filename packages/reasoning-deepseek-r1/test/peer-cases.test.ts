import { runReasoningPeerCases } from "@sluice/core/testkit";
import { deepseekR1ReasoningDialect } from "../src";

runReasoningPeerCases({
  dialect: deepseekR1ReasoningDialect,
  parsers: (parser) => parser.startsWith("deepseek_r1"),
});
