import { describe, expect, it } from "vitest";
import { translateSampling } from "../../src/translate/translate-sampling";

describe("translateSampling", () => {
  it("clamps max_tokens to max_output_tokens", () => {
    expect(translateSampling({ max_tokens: 32000 }, { maxOutputTokens: 8192 }).max_tokens).toBe(8192);
    expect(translateSampling({ max_tokens: 100 }, { maxOutputTokens: 8192 }).max_tokens).toBe(100);
    expect(translateSampling({ max_tokens: 64000 }, {}).max_tokens).toBe(64000);
  });

  it("passes temperature, top_p and top_k through, zeros included", () => {
    expect(translateSampling({ max_tokens: 1, temperature: 0, top_p: 0.95, top_k: 20 }, {})).toEqual({
      max_tokens: 1,
      temperature: 0,
      top_p: 0.95,
      top_k: 20,
    });
  });

  it("maps stop_sequences to stop, leaving out an empty list", () => {
    expect(translateSampling({ max_tokens: 1, stop_sequences: ["\n\nHuman:", "END"] }, {}).stop).toEqual([
      "\n\nHuman:",
      "END",
    ]);
    expect(translateSampling({ max_tokens: 1, stop_sequences: [] }, {})).not.toHaveProperty("stop");
  });

  it("maps metadata.user_id to user", () => {
    expect(translateSampling({ max_tokens: 1, metadata: { user_id: "u-1" } }, {}).user).toBe("u-1");
    expect(translateSampling({ max_tokens: 1, metadata: {} }, {})).not.toHaveProperty("user");
    expect(translateSampling({ max_tokens: 1, metadata: { user_id: "" } }, {})).not.toHaveProperty("user");
  });

  it("sends only max_tokens when nothing else was set", () => {
    expect(translateSampling({ max_tokens: 5 }, {})).toEqual({ max_tokens: 5 });
  });
});
