import { runReasoningPeerCases, segmentText } from "@sluice/core/testkit";
import { minimaxM3ToolDialect } from "@sluice/tool-minimax-m3";
import { describe, expect, it } from "vitest";
import { minimaxM3ReasoningDialect } from "../src";

// The reasoning peer cases of fixtures/ for "minimax_m3" (7), with the family's tool dialect (q015 ends the
// reasoning at a tool block), as recorded, one character per chunk and at seeded splits.
runReasoningPeerCases({
  dialect: minimaxM3ReasoningDialect,
  tool: minimaxM3ToolDialect,
  parsers: (name) => name === "minimax_m3",
  skip: {
    "q012-minimax-m3-test-nonstreaming-non-leading-end-tag-is-content":
      "vLLM drops a stray </mm:think> only at the start and shows a later one; docs/dialects.md §1 (as qwen3): a </mm:think> with no reasoning open is dropped wherever it comes, since the template can have opened the span the answer never shows (our own test asserts it)",
  },
});

const NS = "]<]minimax[>[";

describe("minimax_m3", () => {
  it("splits <mm:think>…</mm:think> from the answer, and leaves <think> alone", () => {
    const result = segmentText({ reasoning: minimaxM3ReasoningDialect() }, [
      "<mm:think>pl",
      "an</mm:th",
      "ink>a <think>b",
    ]);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ reasoning: "plan", content: "a <think>b" });
  });

  it("starts in reasoning when the template opened it, and ends it at a tool block without </mm:think>", () => {
    const result = segmentText(
      { reasoning: minimaxM3ReasoningDialect(), tool: minimaxM3ToolDialect(), thinking: true },
      [`plan${NS}<tool_call>${NS}<invoke name="f">${NS}<a>1${NS}</a>${NS}</invoke>${NS}</tool_call>`],
    );
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("plan");
    expect(result.calls).toMatchObject([{ name: "f", arguments: { a: "1" }, ended: true }]);
  });

  it("drops a </mm:think> with no reasoning open, wherever it comes (q011, q012)", () => {
    for (const text of ["</mm:think>answer", "XXX</mm:think>YYY"]) {
      const result = segmentText({ reasoning: minimaxM3ReasoningDialect() }, [text]);
      expect(result.reasoning, text).toBeNull();
      expect(result.content, text).toBe(text.replace("</mm:think>", ""));
    }
  });
});
