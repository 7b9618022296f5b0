import { createParserContext, createSegmenter } from "@sluice/core";
import { assertChunkingInvariance, echoToolDialect, markupStream } from "@sluice/core/testkit";
import { describe, it } from "vitest";
import { deepseekR1ReasoningDialect } from "../src";

const vocabulary = [
  "<think>",
  "</think>",
  "<thi",
  "</th",
  "nk>",
  "<",
  ">",
  "/",
  "a",
  "plan",
  " ",
  "\n",
  "\n\n",
  "é",
  "😀",
  "<tool_call>",
  "\n<function=f>",
];

describe("deepseekR1ReasoningDialect: any chunking gives the same segments and conserves the input (DESIGN I3, I4)", () => {
  for (const thinking of [true, false]) {
    it(`thinking ${thinking}`, () => {
      assertChunkingInvariance(
        (sink) =>
          createSegmenter({
            reasoning: deepseekR1ReasoningDialect(),
            tool: echoToolDialect(),
            context: createParserContext({ thinking }),
            sink,
          }),
        markupStream(vocabulary),
      );
    });
  }
});
