import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_MINIMAX_M2_LIMITS, MinimaxM2ToolParser, minimaxM2ToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: minimaxM2ToolDialect,
  createParser: (context, sink) => new MinimaxM2ToolParser(context, sink, DEFAULT_MINIMAX_M2_LIMITS),
});

export const { run: runMinimax, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes as codesOf };
