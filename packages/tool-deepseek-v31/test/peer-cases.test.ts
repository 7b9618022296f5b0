import { runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { deepseekV31ToolDialect } from "../src";

// The peer cases of fixtures/ for "deepseek_v31" (V3 and V3.1): the calls of every one match; where the text
// differs, our docs decide.
runToolPeerCases({
  dialect: deepseekV31ToolDialect,
  dialects: (name) => name === "deepseek_v31",
  contentPerDocs: {
    "d085-deepseek_v3-v3-test-deepseek-malformed-json-handling": {
      content:
        "<｜tool▁calls▁begin｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>broken\n```json\n{invalid json}\n```<｜tool▁call▁end｜>\n",
      reason:
        "a call whose arguments are not JSON from the first key is held and, when jsonrepair cannot repair them, kept as text with a warning, never run (docs/dialects.md §2 as for hermes: lossless); smg drops it silently",
    },
    "d088-deepseek_v3-v31-test-extract-tool-calls-with-multiple-tools": {
      content: "some prefix text some suffix text",
      reason: "text after the calls is text (docs/dialects.md §2); vLLM's non-streaming parser drops it",
    },
    "d095-deepseek_v3-v31-test-tool-call-with-leading-text-sglang": {
      content: "I will check the weather for you. ",
      reason:
        "parsers keep whitespace exactly; the block sequencer drops it as a template separator before the tool block (docs/dialects.md §1), which SGLang strips here",
    },
  },
});

describe("deepseek_v31", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ tool: deepseekV31ToolDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
