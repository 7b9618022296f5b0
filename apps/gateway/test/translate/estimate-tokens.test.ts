import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTokens, tokenizeRequestBody, translateRequest } from "../../src/translate";
import { claudeCodeBody } from "./claude-code-request";
import { decodeCountTokens, decodeRequest } from "./decode-request";

const estimate = (body: Record<string, unknown>) => estimateTokens(decodeCountTokens(body));

describe("estimateTokens", () => {
  it("follows the documented formula", () => {
    // 3 + 4 (system) + 4 (one message) + ceil((8 + 12) / 4)
    expect(estimate({ system: "12345678", messages: [{ role: "user", content: "123456789012" }] })).toBe(16);
    // 3 + 4 + 1600 (image, whatever its byte size) + ceil(4 / 4)
    const image = {
      type: "image",
      source: { type: "base64", media_type: "image/png", data: "A".repeat(100_000) },
    };
    expect(estimate({ messages: [{ role: "user", content: [image, { type: "text", text: "abcd" }] }] })).toBe(
      1608,
    );
    // 3 + 4 + ceil((7 "thought" + 4 "Read" + 7 '{"a":1}') / 4): the signature is not counted
    const thinking = { type: "thinking", thinking: "thought", signature: "S".repeat(400) };
    const toolUse = { type: "tool_use", id: "toolu_1", name: "Read", input: { a: 1 } };
    expect(estimate({ messages: [{ role: "assistant", content: [thinking, toolUse] }] })).toBe(12);
  });

  it("is never 0, even for an empty request", () => {
    expect(estimate({ messages: [] })).toBeGreaterThan(0);
    expect(estimate({ messages: [{ role: "user", content: "" }] })).toBeGreaterThan(0);
  });

  it("counts system, tools (their schemas) and tool results, not only message text", () => {
    const messages = [{ role: "user", content: "Hi" }];
    const base = estimate({ messages });
    expect(estimate({ messages, system: [{ type: "text", text: "x".repeat(400) }] })).toBeGreaterThanOrEqual(
      base + 100,
    );
    const described = {
      type: "object",
      properties: { path: { type: "string", description: "y".repeat(400) } },
    };
    expect(estimate({ messages, tools: [{ name: "Read", input_schema: described }] })).toBeGreaterThanOrEqual(
      base + 100,
    );
    const result = {
      type: "tool_result",
      tool_use_id: "t",
      content: [{ type: "text", text: "z".repeat(400) }],
    };
    expect(estimate({ messages: [{ role: "user", content: [result] }] })).toBeGreaterThanOrEqual(100);
  });

  it("gives a Claude Code request a plausible count", () => {
    const count = estimateTokens(decodeRequest(claudeCodeBody));
    expect(count).toBeGreaterThan(1600);
    expect(count).toBeLessThan(2100);
  });

  it("is monotonic: adding content never lowers the estimate", () => {
    const block = fc.oneof(
      fc.record({ type: fc.constant("text"), text: fc.string() }),
      fc.record({ type: fc.constant("thinking"), thinking: fc.string(), signature: fc.string() }),
      fc.record({
        type: fc.constant("tool_use"),
        id: fc.string(),
        name: fc.string(),
        input: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.record({ type: fc.constant("tool_result"), tool_use_id: fc.string(), content: fc.string() }),
      fc.record({
        type: fc.constant("image"),
        source: fc.record({ type: fc.constant("url"), url: fc.webUrl() }),
      }),
      fc.record({ type: fc.constant("future_block"), payload: fc.string() }),
    );
    const message = fc.record({
      role: fc.constantFrom("user", "assistant"),
      content: fc.oneof(fc.string(), fc.array(block, { maxLength: 4 })),
    });
    const tool = fc.oneof(
      fc.record({
        name: fc.string(),
        description: fc.string(),
        input_schema: fc.dictionary(fc.string(), fc.jsonValue()),
      }),
      fc.record({ type: fc.constant("web_search_20250305"), name: fc.string() }),
    );
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 5 }),
        fc.array(tool, { maxLength: 3 }),
        message,
        tool,
        fc.string({ minLength: 1 }),
        (messages, tools, extraMessage, extraTool, extraText) => {
          const before = estimate({ messages, tools });
          expect(before).toBeGreaterThan(0);
          expect(estimate({ messages: [...messages, extraMessage], tools })).toBeGreaterThan(before);
          expect(estimate({ messages, tools: [...tools, extraTool] })).toBeGreaterThan(before);
          expect(estimate({ messages, tools, system: extraText })).toBeGreaterThan(before);
          const longer = [...messages, { role: "user", content: extraText }];
          const longest = [...messages, { role: "user", content: extraText.repeat(9) }];
          expect(estimate({ messages: longest, tools })).toBeGreaterThanOrEqual(
            estimate({ messages: longer, tools }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("tokenizeRequestBody", () => {
  const upstream = (model: string) => ({
    upstream: { baseUrls: ["http://h/v1"] as [string], model, reasoningField: "reasoning" as const },
  });

  it("keeps model, messages, tools and template switches of the translated request for vLLM's /tokenize", () => {
    const { body } = translateRequest(
      decodeRequest(claudeCodeBody),
      { thinkingKwarg: "enable_thinking" },
      upstream("Qwen/Qwen3.5"),
      { thinking: true },
    );
    expect(tokenizeRequestBody(body)).toEqual({
      model: "Qwen/Qwen3.5",
      messages: body.messages,
      tools: body.tools,
      // Thinking off pre-fills an empty think block: the switches change the count.
      chat_template_kwargs: { enable_thinking: true },
    });
  });

  it("leaves tools out when the request has none", () => {
    const { body } = translateRequest(
      decodeRequest({ messages: [{ role: "user", content: "Hi" }] }),
      {},
      upstream("m"),
      { thinking: false },
    );
    expect(tokenizeRequestBody(body)).toEqual({ model: "m", messages: [{ role: "user", content: "Hi" }] });
  });
});
