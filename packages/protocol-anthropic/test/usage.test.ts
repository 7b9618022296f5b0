import { describe, expect, it } from "vitest";
import { anthropicUsage } from "../src";

describe("anthropicUsage (docs/protocol.md B5)", () => {
  it("reports cached prompt tokens as cache reads, outside input_tokens", () => {
    expect(anthropicUsage({ promptTokens: 1000, completionTokens: 50, cachedTokens: 800 })).toEqual({
      input_tokens: 200,
      output_tokens: 50,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 800,
    });
  });

  it("treats missing cached tokens as 0", () => {
    expect(anthropicUsage({ promptTokens: 12, completionTokens: 3 })).toEqual({
      input_tokens: 12,
      output_tokens: 3,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it("never reports negative input tokens", () => {
    expect(anthropicUsage({ promptTokens: 5, completionTokens: 0, cachedTokens: 9 }).input_tokens).toBe(0);
  });
});
