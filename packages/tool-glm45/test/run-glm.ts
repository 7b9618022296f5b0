import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_GLM45_LIMITS, Glm45ToolParser, glm45ToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: glm45ToolDialect,
  createParser: (context, sink) => new Glm45ToolParser(context, sink, "glm45", DEFAULT_GLM45_LIMITS),
});

// glm45 by default; `run(…, { dialect: glm47ToolDialect() })` for the other layout's id.
export const { run: runGlm, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes as codesOf };
