import { describe, expect, it } from "vitest";
import {
  type CountPrompt,
  fitOutputBudget,
  MIN_OUTPUT_TOKENS,
  PROMPT_MARGIN_TOKENS,
} from "../../src/server/generation/fit-output-budget";
import { estimatePromptTokens, promptSize, promptTokenBound } from "../../src/server/generation/prompt-size";

const signal = new AbortController().signal;

/** A chat body whose one message has `bytes` bytes of text. */
const body = (bytes: number, maxTokens?: number): Record<string, unknown> => ({
  model: "m",
  messages: [{ role: "user", content: "x".repeat(bytes) }],
  ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
});

/** A /tokenize that answers `tokens` and remembers that it was asked. */
function counter(tokens: number | undefined): CountPrompt & { calls: number } {
  const count = async () => {
    count.calls += 1;
    return tokens;
  };
  count.calls = 0;
  return count;
}

describe("fitOutputBudget (docs/http-api.md §4, the output budget)", () => {
  it("leaves the body alone without a window, without max_tokens, or when the byte bound already fits", async () => {
    const count = counter(10);
    const request = body(1000, 4096);
    expect(await fitOutputBudget(request, undefined, count, signal)).toEqual({ body: request });
    expect(await fitOutputBudget(body(1000), 8192, count, signal)).toEqual({ body: body(1000) });
    expect(await fitOutputBudget(request, 65_536, count, signal)).toEqual({ body: request });
    expect(count.calls).toBe(0);
  });

  it("fits max_tokens to a counted prompt, leaving the margin", async () => {
    const count = counter(20_000);
    const fitted = await fitOutputBudget(body(80_000, 128_000), 65_536, count, signal);
    const sent = 65_536 - 20_000 - PROMPT_MARGIN_TOKENS;
    expect(fitted.body.max_tokens).toBe(sent);
    expect(fitted.note).toEqual({
      asked: 128_000,
      sent,
      window: 65_536,
      promptTokens: 20_000,
      measuredBy: "tokenize",
    });
    expect(count.calls).toBe(1);
  });

  it("on a count, goes below the minimum (the log says so); with no room at all, lets the server answer", async () => {
    const small = await fitOutputBudget(body(80_000, 128_000), 65_536, counter(65_000), signal);
    expect(small.body.max_tokens).toBe(65_536 - 65_000 - PROMPT_MARGIN_TOKENS);
    expect(small.body.max_tokens).toBeLessThan(MIN_OUTPUT_TOKENS);
    const none = await fitOutputBudget(body(80_000, 128_000), 65_536, counter(70_000), signal);
    expect(none).toEqual({ body: body(80_000, 128_000) });
  });

  it("without a count estimates, and never shrinks below the minimum on an estimate", async () => {
    const size = promptSize(body(60_000));
    const estimated = estimatePromptTokens(size);
    const fitted = await fitOutputBudget(body(60_000, 128_000), 65_536, counter(undefined), signal);
    expect(fitted.body.max_tokens).toBe(65_536 - estimated - PROMPT_MARGIN_TOKENS);
    expect(fitted.note?.measuredBy).toBe("estimate");
    const tight = await fitOutputBudget(body(193_000, 128_000), 65_536, undefined, signal);
    expect(tight).toEqual({ body: body(193_000, 128_000) });
  });
});

describe("promptSize", () => {
  it("counts UTF-8 bytes of messages and tools, and images by number, not by their base64", () => {
    const size = promptSize({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "é" },
            { type: "image_url", image_url: { url: `data:image/png;base64,${"A".repeat(100_000)}` } },
          ],
        },
      ],
      tools: [
        {
          type: "function",
          function: { name: "f", parameters: { properties: { image_url: { type: "string" } } } },
        },
      ],
    });
    expect(size).toMatchObject({ messages: 1, tools: 1, images: 1 });
    expect(size.bytes).toBeLessThan(400);
    expect(promptTokenBound(size)).toBeGreaterThan(estimatePromptTokens(size));
  });
});
