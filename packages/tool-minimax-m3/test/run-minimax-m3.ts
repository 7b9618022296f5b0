import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_MINIMAX_M3_LIMITS, MinimaxM3ToolParser, minimaxM3ToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: minimaxM3ToolDialect,
  createParser: (context, sink) => new MinimaxM3ToolParser(context, sink, DEFAULT_MINIMAX_M3_LIMITS),
});

export const { run: runM3, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes as codesOf };
