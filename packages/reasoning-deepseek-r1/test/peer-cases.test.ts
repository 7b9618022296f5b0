import { createParserContext, createSegmenter } from "@sluice/core";
import { echoToolDialect, loadPeerCases, runConformance } from "@sluice/core/testkit";
import { expect } from "vitest";
import { deepseekR1ReasoningDialect } from "../src";

interface ReasoningCase {
  id: string;
  parser: string;
  chunks: string[];
  starts_in_reasoning: boolean;
  expected: { reasoning: string | null; content: string | null };
}

const cases = loadPeerCases<ReasoningCase>("reasoning-peer-cases.json").filter(
  (testCase) => testCase.parser.startsWith("deepseek_r1"),
);

runConformance({
  suite: "deepseek_r1: reasoning peer cases",
  cases,
  skip: {
    "r054-test-reasoning-new-line":
      "peer's non-streaming path drops text before `<think>`; we stream, and DESIGN §3 keeps reasoning whitespace exactly (its streaming twin r055 passes)",
  },
  createParser: (testCase, sink) =>
    createSegmenter({
      reasoning: deepseekR1ReasoningDialect(),
      tool: echoToolDialect(),
      context: createParserContext({ thinking: testCase.starts_in_reasoning }),
      sink,
    }),
  check: (testCase, summary) => {
    // null and "" are the same message to an Anthropic client: no block either way.
    expect(summary.reasoning ?? "").toBe(testCase.expected.reasoning ?? "");
    expect(summary.content ?? "").toBe(testCase.expected.content ?? "");
  },
});
