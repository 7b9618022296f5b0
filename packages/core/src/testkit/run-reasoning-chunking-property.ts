import { describe, it } from "vitest";
import type { ReasoningDialect } from "../dialect";
import { createParserContext } from "../parser-context";
import { createSegmenter } from "../segmenter";
import { assertChunkingInvariance, markupStream } from "./chunking-property";
import { echoToolDialect } from "./echo-tool-dialect";

// Markers, their prefixes, whitespace, multi-byte text and a confirmable tool call.
const VOCABULARY = [
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

/**
 * docs/architecture.md I3 and I4 for one reasoning dialect, with thinking on and off: any chunking of any generated
 * stream gives the same segments, and reasoning + text + markup equals the input. `vocabulary` adds a family's own
 * markers and their pieces (Seed-OSS's `<seed:think>` and budget notes) to the generated streams.
 */
export function runReasoningChunkingProperty(
  dialect: () => ReasoningDialect,
  vocabulary: readonly string[] = [],
): void {
  describe(`${dialect().id}: any chunking gives the same segments and conserves the input (docs/architecture.md I3, I4)`, () => {
    for (const thinking of [true, false]) {
      it(`thinking ${thinking}`, () => {
        assertChunkingInvariance(
          (sink) =>
            createSegmenter({
              reasoning: dialect(),
              tool: echoToolDialect(),
              context: createParserContext({ thinking }),
              sink,
            }),
          markupStream([...VOCABULARY, ...vocabulary]),
        );
      });
    }
  });
}
