import { createParserContext } from "@sluice/core";
import { runReasoningPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { seedOssReasoningDialect } from "../src";

// Seed-OSS's one reasoning case (q031, an unclosed `<seed:think>`); it runs with the family's tool dialect in
// packages/tool-qwen-xml/test/seed-oss.test.ts too.
runReasoningPeerCases({
  dialect: seedOssReasoningDialect,
  parsers: (name) => name === "seed_oss",
});

const run = (chunks: string[]) =>
  segmentText({ reasoning: seedOssReasoningDialect(), thinking: true }, chunks);

describe("seed_oss", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ reasoning: seedOssReasoningDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });

  it("starts outside reasoning even with thinking on: the model opens <seed:think> itself", () => {
    const result = run(["<seed:th", "ink>plan</seed:", "think>answer"]);
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("plan");
    expect(result.content).toBe("answer");
  });

  it("keeps a budget note inside reasoning as reasoning text", () => {
    const note = "<seed:cot_budget_reflect>I have used 129 tokens</seed:cot_budget_reflect>";
    const result = run([`<seed:think>a${note}b</seed:think>answer`]);
    expect(result.reasoning).toBe(`a${note}b`);
    expect(result.content).toBe("answer");
  });

  it("takes a budget note after </seed:think> as reasoning, never as answer text", () => {
    const result = run([
      "<seed:think>a</seed:think>",
      "<seed:cot_budget_",
      "reflect>over budget</seed:cot_budget_reflect>answer",
    ]);
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("aover budget");
    expect(result.content).toBe("answer");
  });

  it("starts inside reasoning where the template left it (thinking_budget=0)", () => {
    const segments: { type: string; text?: string }[] = [];
    const parser = seedOssReasoningDialect().createParser(
      createParserContext({ thinking: false, startsInReasoning: true }),
      (segment) => segments.push(segment),
    );
    parser.push("no budget</seed:cot_budget_reflect>\n</seed:think>answer");
    parser.end();
    const textOf = (type: string) =>
      segments
        .filter((segment) => segment.type === type)
        .map((s) => s.text)
        .join("");
    expect(textOf("reasoning")).toBe("no budget</seed:cot_budget_reflect>\n");
    expect(textOf("text")).toBe("answer");
  });
});
