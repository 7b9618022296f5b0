import { segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { minimaxM3ReasoningDialect } from "../src";

// Its peer cases run in packages/tool-minimax-m3 with the family's tool dialect (q015 ends the reasoning at a block).
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

  it("starts in reasoning when thinking is on (the template opened <mm:think>)", () => {
    const result = segmentText({ reasoning: minimaxM3ReasoningDialect(), thinking: true }, [
      "plan</mm:think>answer",
    ]);
    expect(result).toMatchObject({ reasoning: "plan", content: "answer" });
  });

  it("drops a </mm:think> with no reasoning open, wherever it comes (q011, q012)", () => {
    for (const text of ["</mm:think>answer", "XXX</mm:think>YYY"]) {
      const result = segmentText({ reasoning: minimaxM3ReasoningDialect() }, [text]);
      expect(result.reasoning, text).toBeNull();
      expect(result.content, text).toBe(text.replace("</mm:think>", ""));
    }
  });

  it("asks for the special tokens and for thinking_mode", () => {
    expect(minimaxM3ReasoningDialect()).toMatchObject({
      id: "minimax_m3",
      markers: ["<mm:think>", "</mm:think>"],
      thinkingKwarg: "thinking_mode",
      requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    });
  });
});
