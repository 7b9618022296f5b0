import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRandom } from "../../src/demo/create-random";
import { splitIntoTokens } from "../../src/demo/split-into-tokens";

describe("splitIntoTokens", () => {
  it("is lossless, never yields an empty token, and keeps code points whole", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc
        .array(
          fc.constantFrom(
            "<tool_call>",
            "</think>",
            "<function=Bash>",
            "\n",
            " word",
            "naïve",
            "😀",
            "12345",
          ),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(text, fc.integer(), (input, seed) => {
        const tokens = splitIntoTokens(input, createRandom(seed));
        expect(tokens.join("")).toBe(input);
        for (const token of tokens) {
          expect(token).not.toBe("");
          expect(token).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
    );
  });

  it("keeps Qwen's added tokens whole and cuts the other tags into pieces", () => {
    const tokens = splitIntoTokens(
      "plan\n</think>\n\n<tool_call>\n<function=Bash>\n</tool_call>",
      createRandom(0),
    );
    expect(tokens).toContain("</think>");
    expect(tokens).toContain("<tool_call>");
    expect(tokens).toContain("</tool_call>");
    expect(tokens.some((token) => token.includes("<function="))).toBe(false);
  });
});
