import { runReasoningPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { harmonyReasoningDialect } from "../src";

// The harmony reasoning peer cases (q026, q028: llama.cpp's analysis + final and preamble).
runReasoningPeerCases({
  dialect: harmonyReasoningDialect,
  parsers: (name) => name === "harmony",
});

describe("harmony", () => {
  it("keeps text without markup exactly as it came", () => {
    const text = ["Plain text, ", "no markup."];
    const result = segmentText({ reasoning: harmonyReasoningDialect() }, text);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe(text.join(""));
  });
});
