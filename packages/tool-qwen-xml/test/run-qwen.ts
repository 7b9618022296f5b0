import { argumentsOf, toolParserHarness } from "@sluice/core/testkit";
import { DEFAULT_QWEN_XML_LIMITS, QwenXmlToolParser, qwenXmlToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: qwenXmlToolDialect,
  createParser: (context, sink) => new QwenXmlToolParser(context, sink, DEFAULT_QWEN_XML_LIMITS),
});

export const { run: runQwen, runWithPolicy, createProbe } = harness;
export { argumentsOf };
