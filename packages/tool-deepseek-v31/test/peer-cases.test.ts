import { runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { deepseekV31ToolDialect } from "../src";

// The peer cases of fixtures/ for "deepseek_v31" (11 today): remove a skip once the parser handles the case.
runToolPeerCases({
  dialect: deepseekV31ToolDialect,
  dialects: (name) => name === "deepseek_v31",
  skip: {
    "d082-deepseek_v3-v3-test-deepseek-multiple-tools": "not parsed yet",
    "d083-deepseek_v3-v3-test-deepseek-streaming": "not parsed yet",
    "d084-deepseek_v3-v3-test-deepseek-nested-json": "not parsed yet",
    "d085-deepseek_v3-v3-test-deepseek-malformed-json-handling": "not parsed yet",
    "d086-deepseek_v3-v3-test-multiple-tool-calls-eos": "not parsed yet",
    "d087-deepseek_v3-v31-test-extract-tool-calls-with-tool": "not parsed yet",
    "d088-deepseek_v3-v31-test-extract-tool-calls-with-multiple-tools": "not parsed yet",
    "d089-deepseek_v3-v31-test-deepseek31-complete-single-tool": "not parsed yet",
    "d090-deepseek_v3-v31-test-deepseek31-complete-nested-json": "not parsed yet",
    "d092-deepseek_v3-v31-test-deepseek31-streaming-multiple-tools": "not parsed yet",
    "d095-deepseek_v3-v31-test-tool-call-with-leading-text-sglang": "not parsed yet",
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
