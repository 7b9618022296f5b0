import { runReasoningPeerCases, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { mistralReasoningDialect } from "../src";

// The Mistral reasoning peer cases of fixtures/ (3), as recorded, one character per chunk and at seeded splits.
runReasoningPeerCases({
  dialect: mistralReasoningDialect,
  parsers: (name) => name === "mistral",
  skip: {},
});

describe("mistral reasoning", () => {
  const mistral = mistralReasoningDialect();

  it("starts in content where the template left it there, entering reasoning at the model's [THINK]", () => {
    const result = segmentText({ reasoning: mistral, thinking: true, startsInReasoning: false }, [
      "[THINK]The user wants",
      " a list.[/THINK]Here it is.",
    ]);
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("The user wants a list.");
    expect(result.content).toBe("Here it is.");
  });

  it("keeps a marker-less answer as the answer, where vLLM would make all of it reasoning", () => {
    const result = segmentText({ reasoning: mistral, thinking: true, startsInReasoning: false }, [
      "No reasoning here.",
    ]);
    expect(result.reasoning).toBeNull();
    expect(result.content).toBe("No reasoning here.");
  });

  it("takes [THINK] after the answer began as literal text", () => {
    const result = segmentText({ reasoning: mistral, thinking: true, startsInReasoning: false }, [
      "Use [THINK] to think.",
    ]);
    expect(result.reasoning).toBeNull();
    expect(result.content).toBe("Use [THINK] to think.");
  });

  it("asks the server to keep its special tokens", () => {
    expect(mistral.requestFields).toEqual({
      skip_special_tokens: false,
      spaces_between_special_tokens: false,
    });
  });
});
