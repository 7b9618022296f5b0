import { runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { glm45ToolDialect } from "../src";

// The peer cases of fixtures/ for "glm45" (19 today): remove a skip once the parser handles the case.
runToolPeerCases({
  dialect: glm45ToolDialect,
  dialects: (name) => name === "glm45",
  skip: {
    "t108-test-schema-aware-coercion-keeps-strings": "not parsed yet",
    "d000-glm45-test-extract-tool-calls-single-tool-call": "not parsed yet",
    "d001-glm45-test-extract-tool-calls-multiple-tool-calls": "not parsed yet",
    "d002-glm45-test-extract-tool-calls-tool-call-with-content-before": "not parsed yet",
    "d004-glm45-test-extract-tool-calls-with-thinking-tags": "not parsed yet",
    "d005-glm45-test-extract-tool-calls-empty-arguments": "not parsed yet",
    "d006-glm45-test-extract-tool-calls-mixed-content": "not parsed yet",
    "d007-glm45-test-extract-tool-calls-incomplete-tool-call": "not parsed yet",
    "d008-glm45-test-streaming-json-escape-in-string": "not parsed yet",
    "d009-glm45-test-streaming-long-content-incremental": "not parsed yet",
    "d010-glm45-test-extract-tool-calls-numeric-deserialization": "not parsed yet",
    "d011-glm45-test-whitespace-preserved-in-arg-values": "not parsed yet",
    "d012-glm45-test-malformed-tool-call-no-regex-match": "not parsed yet",
    "d013-glm45-test-unicode-characters-preserved": "not parsed yet",
    "d014-glm45-test-streaming-multi-token-chunks": "not parsed yet",
    "d015-glm45-test-stream-interval-content-between-tool-calls": "not parsed yet",
    "d016-glm45-test-glm4-complete-parsing": "not parsed yet",
    "d019-glm45-test-python-literals": "not parsed yet",
    "d021-glm45-test-glm4-streaming": "not parsed yet",
  },
});

describe("glm45", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ tool: glm45ToolDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
