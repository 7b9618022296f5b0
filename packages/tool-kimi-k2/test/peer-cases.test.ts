import { runReasoningPeerCases, runToolPeerCases, segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { describe, expect, it } from "vitest";
import { kimiK2ToolDialect } from "../src";

// The peer cases of fixtures/ for "kimi_k2": the calls of every one match; where the text differs, our docs decide.
runToolPeerCases({
  dialect: kimiK2ToolDialect,
  dialects: (name) => name === "kimi_k2",
  contentPerDocs: {
    "d064-kimi_k2-test-extract-tool-calls-invalid-funcall": {
      content:
        'I\'ll help you check the weather. <|tool_calls_section_begin|> <|tool_call_begin|>\nfunctions.invalid_get_weather.0 <|tool_call_argument_begin|> {"city": "Beijing"} <|tool_call_end|> ',
      reason:
        "an opener not followed by a valid call is text (docs/dialects.md §3, lossless): the id `functions.invalid_get_weather.0` has no `:IDX`, so the section opener, that call and its closer stay text; vLLM's regex drops them",
    },
    "d070-kimi_k2-test-kimik2-complete-parsing": {
      content: "Let me help you with that.\n\nThe weather in Tokyo is...",
      reason: "text after the calls is text (docs/dialects.md §2); smg's non-streaming parser drops it",
    },
  },
});

// Kimi K2.5/K2.6 reasoning (preset kimi-k2.5: qwen3 in front of kimi_k2).
runReasoningPeerCases({
  dialect: qwen3ReasoningDialect,
  tool: kimiK2ToolDialect,
  parsers: (parser) => parser === "kimi_k2",
  skip: {
    "dr012-kimi-k2-testreasoning-test-reasoning-streaming-implicit-end":
      "the stream ends right after <|tool_calls_section_begin|>, with no call after it: an opener not followed by a valid call is text (docs/dialects.md §3, lossless), so it stays reasoning; the test in kimi-k2-tool-dialect.test.ts shows a section that does carry a call ending the reasoning",
  },
});

describe("kimi_k2", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ tool: kimiK2ToolDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
