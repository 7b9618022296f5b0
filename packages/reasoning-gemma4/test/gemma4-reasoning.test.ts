import { segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { gemma4ReasoningDialect } from "../src";

// Its peer cases run in packages/tool-gemma4 with the family's tool dialect in front, which drops the trailing
// `<turn|>` (q020) and reads a bare call after the channel's close.
describe("gemma4 reasoning", () => {
  it("splits <|channel>thought\\n…<channel|> from the answer, the label being markup", () => {
    const result = segmentText({ reasoning: gemma4ReasoningDialect() }, [
      "<|channel>thought\nI should add.<channel|>The sum is 4.",
    ]);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ reasoning: "I should add.", content: "The sum is 4." });
  });

  it("strips the label split across chunks, piece by piece", () => {
    for (const chunks of [
      ["<|channel>", "thought\nplan<channel|>a"],
      ["<|channel>thou", "ght", "\nplan<channel|>a"],
      ["<|chan", "nel>thought", "\n", "plan<chan", "nel|>a"],
    ]) {
      const result = segmentText({ reasoning: gemma4ReasoningDialect() }, chunks);
      expect(result.problems, chunks.join("|")).toEqual([]);
      expect(result, chunks.join("|")).toMatchObject({ reasoning: "plan", content: "a" });
    }
  });

  it("keeps a channel without the label whole as reasoning (q016), and a label that is not whole", () => {
    expect(segmentText({ reasoning: gemma4ReasoningDialect() }, ["<|channel>plan<channel|>a"])).toMatchObject(
      {
        reasoning: "plan",
        content: "a",
      },
    );
    expect(
      segmentText({ reasoning: gemma4ReasoningDialect() }, ["<|channel>thoughtful<channel|>a"]),
    ).toMatchObject({ reasoning: "thoughtful", content: "a" });
    // The stream ends while the label may still come: what came is reasoning.
    expect(segmentText({ reasoning: gemma4ReasoningDialect() }, ["<|channel>thou"])).toMatchObject({
      reasoning: "thou",
      content: null,
    });
  });

  it("never starts inside the channel, thinking on or off: the model opens it itself", () => {
    for (const thinking of [true, false]) {
      const result = segmentText({ reasoning: gemma4ReasoningDialect(), thinking }, ["answer"]);
      expect(result).toMatchObject({ reasoning: null, content: "answer" });
    }
  });

  it("enters the channel again after text (interleaved thinking; the tags are special tokens, never prose)", () => {
    const result = segmentText({ reasoning: gemma4ReasoningDialect() }, [
      "Before\n<|channel>thought\nmore<channel|>\nrest",
    ]);
    expect(result.problems).toEqual([]);
    expect(result).toMatchObject({ reasoning: "more", content: "Before\n\nrest" });
  });

  it("drops a stray <channel|> in content (q019: the template never leaves the model inside the channel)", () => {
    const result = segmentText({ reasoning: gemma4ReasoningDialect() }, ["plan<channel|>rest"]);
    expect(result).toMatchObject({ reasoning: null, content: "planrest" });
  });

  it("asks for the special tokens and for enable_thinking", () => {
    expect(gemma4ReasoningDialect()).toMatchObject({
      id: "gemma4",
      markers: ["<|channel>", "<channel|>"],
      thinkingKwarg: "enable_thinking",
      alwaysThinks: false,
      requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false },
    });
  });
});
