import { runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { deepseekDsmlToolDialect } from "../src";

// The peer cases of fixtures/ for "deepseek_dsml" (8 today): remove a skip once the parser handles the case.
runToolPeerCases({
  dialect: deepseekDsmlToolDialect,
  dialects: (name) => name === "deepseek_dsml",
  skip: {
    "d096-deepseek_v3-v32-test-deepseek32-complete-single-tool": "not parsed yet",
    "d098-deepseek_v3-v32-test-deepseek32-complete-direct-json": "not parsed yet",
    "d099-deepseek_v3-v32-test-deepseek32-complete-mixed-types": "not parsed yet",
    "d103-deepseek_v3-v32-test-deepseek-dsml-v32-streaming-bpe-chunked-opener": "not parsed yet",
    "d104-deepseek_v3-v32-test-deepseek-dsml-streaming-malformed-empty-name": "not parsed yet",
    "d105-deepseek_v3-v4-test-deepseek-v4-complete-single-tool": "not parsed yet",
    "d106-deepseek_v3-v4-test-deepseek-v4-complete-mixed-types": "not parsed yet",
    "d107-deepseek_v3-v4-test-deepseek-dsml-v4-streaming-bpe-chunked-opener": "not parsed yet",
  },
});

describe("deepseek_dsml", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ tool: deepseekDsmlToolDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
