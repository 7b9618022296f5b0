import { argumentsOf, type Chunking, toolParserHarness, warningCodes } from "@sluice/core/testkit";
import { DEFAULT_DSML_LIMITS, DeepseekDsmlToolParser, deepseekDsmlToolDialect } from "../src";

/** One code unit per chunk (inside the full-width bars' neighbours too), and the text cut in two everywhere. */
function byCodeUnitAndEveryCut(text: string): Chunking[] {
  const splits: Chunking[] = [{ name: "one code unit per chunk", chunks: text.split("") }];
  for (let cut = 1; cut < text.length; cut++) {
    splits.push({ name: `cut at ${cut}`, chunks: [text.slice(0, cut), text.slice(cut)] });
  }
  return splits;
}

const harness = toolParserHarness({
  dialect: deepseekDsmlToolDialect,
  createParser: (context, sink) => new DeepseekDsmlToolParser(context, sink, DEFAULT_DSML_LIMITS),
  moreChunkings: byCodeUnitAndEveryCut,
});

export const { run: runDsml, runWithPolicy, createProbe } = harness;
export { argumentsOf, warningCodes };
