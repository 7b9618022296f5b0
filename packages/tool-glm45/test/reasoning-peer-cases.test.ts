import { runReasoningPeerCases } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { glm47ToolDialect } from "../src";

// GLM-4.7/5.x reasoning cases of fixtures/ (the preset glm-4.7 is qwen3 + glm47; glm45 ones run in reasoning-qwen3).
runReasoningPeerCases({
  dialect: qwen3ReasoningDialect,
  tool: glm47ToolDialect,
  parsers: (parser) => parser.startsWith("glm47"),
});
