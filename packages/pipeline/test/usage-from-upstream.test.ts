import { describe, expect, it } from "vitest";
import { usageFromUpstream } from "../src/usage-from-upstream";

describe("usageFromUpstream (docs/protocol.md B5)", () => {
  it("counts cached prompt tokens apart, outside inputTokens", () => {
    expect(usageFromUpstream({ promptTokens: 1000, completionTokens: 50, cachedTokens: 800 })).toEqual({
      inputTokens: 200,
      cachedInputTokens: 800,
      outputTokens: 50,
    });
  });

  it("treats missing cached tokens as 0", () => {
    expect(usageFromUpstream({ promptTokens: 12, completionTokens: 3 })).toEqual({
      inputTokens: 12,
      cachedInputTokens: 0,
      outputTokens: 3,
    });
  });

  it("never reports negative input tokens", () => {
    expect(usageFromUpstream({ promptTokens: 5, completionTokens: 0, cachedTokens: 9 }).inputTokens).toBe(0);
  });
});
