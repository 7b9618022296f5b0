import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { hermesToolDialect } from "@sluice/tool-hermes";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";
import { createScenarios } from "../src/testkit";

/** The pipeline's recorded scenarios, with the dialects they were recorded with. */
export const scenarios = createScenarios({
  qwen3: qwen3ReasoningDialect(),
  qwenXml: qwenXmlToolDialect(),
  hermes: hermesToolDialect(),
});
