import { createScenarios } from "@sluice/pipeline/testkit";
import { findReasoningDialect, findToolDialect } from "../../src/config/dialect-registry";

function found<Dialect>(dialect: Dialect | undefined, name: string): Dialect {
  if (dialect === undefined) throw new Error(`the gateway has no dialect ${name}`);
  return dialect;
}

/** The pipeline's recorded scenarios, with the dialects the gateway's config names mean. */
export const scenarios = createScenarios({
  qwen3: found(findReasoningDialect("qwen3"), "qwen3"),
  qwenXml: found(findToolDialect("qwen_xml"), "qwen_xml"),
  hermes: found(findToolDialect("hermes"), "hermes"),
});
