import { describe, expect, it } from "vitest";
import { mapStopReason, toOpenAIFinishReason } from "../src";

describe("toOpenAIFinishReason", () => {
  it("maps every stop reason back to an OpenAI finish_reason", () => {
    expect(toOpenAIFinishReason("end_turn")).toBe("stop");
    expect(toOpenAIFinishReason("stop_sequence")).toBe("stop");
    expect(toOpenAIFinishReason("max_tokens")).toBe("length");
    expect(toOpenAIFinishReason("tool_use")).toBe("tool_calls");
    expect(toOpenAIFinishReason("refusal")).toBe("content_filter");
  });

  it("gives back the upstream finish for what mapStopReason maps one to one", () => {
    const base = { matchedStop: undefined, stopSequences: [], sawDone: true };
    for (const [finishReason, toolUseEmitted] of [
      ["stop", false],
      ["length", false],
      ["length", true],
      ["tool_calls", true],
      ["content_filter", false],
    ] as const) {
      const outcome = mapStopReason({ ...base, finishReason, toolUseEmitted });
      if (outcome.kind !== "stop") throw new Error(`${finishReason} gave an error`);
      expect(toOpenAIFinishReason(outcome.stopReason.unified)).toBe(finishReason);
    }
  });
});
