import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_GEMMA4_LIMITS, Gemma4ToolParser, gemma4ToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: gemma4ToolDialect,
  createParser: (context, sink) => new Gemma4ToolParser(context, sink, DEFAULT_GEMMA4_LIMITS),
});

export const { run, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes as codesOf };
