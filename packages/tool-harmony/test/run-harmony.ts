import { argumentsOf, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { harmonyReasoningDialect } from "@sluice/reasoning-harmony";
import { HarmonyToolParser, harmonyToolDialect } from "../src";

const harness = toolParserHarness({
  dialect: harmonyToolDialect,
  createParser: (context, sink) => new HarmonyToolParser(context, sink),
});

export const { runWithPolicy, createProbe } = harness;

/** The tool dialect alone (reasoning `none`), in every chunking. */
export const runAlone = (chunks: string | readonly string[]) => harness.run(chunks);

/** Both harmony dialects, as the gpt-oss preset runs them, in every chunking. */
export const runPair = (chunks: string | readonly string[]) =>
  harness.run(chunks, { reasoning: harmonyReasoningDialect(), thinking: true });

export { argumentsOf, warningCodes as codesOf };
