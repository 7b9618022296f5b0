import { describe, expect, it } from "vitest";
import { type ModelConfig, type ModelPlan, resolveModelPlan } from "../../src/config";
import { translateChatRequest } from "../../src/translate/translate-chat-request";

const model = (overrides: Partial<ModelConfig["upstream"]> = {}, maxOutputTokens?: number) => ({
  ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
  upstream: {
    baseUrls: ["http://127.0.0.1:8000/v1"] as const,
    model: "Qwen/Qwen3.5-122B-A10B",
    reasoningField: "reasoning" as const,
    ...overrides,
  },
});

const QWEN_PLAN: ModelPlan = { thinkingKwarg: "enable_thinking", alwaysThinks: false, thinksByDefault: true };

const bash = { type: "function", function: { name: "exec", parameters: { type: "object" } } };

describe("translateChatRequest: an OpenAI client's request → the upstream's (docs/http-api.md §6)", () => {
  it("keeps the client's fields, replaces the model and always streams with usage", () => {
    const { body, warnings } = translateChatRequest(
      {
        model: "qwen",
        messages: [{ role: "user", content: "Hi" }],
        stream: false,
        stream_options: { include_usage: false },
        n: 1,
        temperature: 0.6,
        top_p: 0.95,
        top_k: 20,
        min_p: 0,
        presence_penalty: 1.5,
        seed: 7,
        stop: ["END"],
        user: "u1",
        store: true,
        metadata: { a: "b" },
        service_tier: "auto",
      },
      QWEN_PLAN,
      model(),
      { thinking: true },
    );
    expect(body).toEqual({
      model: "Qwen/Qwen3.5-122B-A10B",
      messages: [{ role: "user", content: "Hi" }],
      temperature: 0.6,
      top_p: 0.95,
      top_k: 20,
      min_p: 0,
      presence_penalty: 1.5,
      seed: 7,
      stop: ["END"],
      user: "u1",
      stream: true,
      stream_options: { include_usage: true },
      chat_template_kwargs: { enable_thinking: true },
    });
    expect(warnings).toEqual([]);
  });

  it("turns max_completion_tokens into max_tokens, clamped to max_output_tokens", () => {
    const base = { model: "m", messages: [{ role: "user", content: "Hi" }] };
    const clamp = (request: Record<string, unknown>, limit?: number) =>
      translateChatRequest({ ...base, ...request }, QWEN_PLAN, model({}, limit), { thinking: false }).body
        .max_tokens;
    expect(clamp({ max_completion_tokens: 32000 }, 8192)).toBe(8192);
    expect(clamp({ max_tokens: 100 }, 8192)).toBe(100);
    expect(clamp({ max_completion_tokens: 50, max_tokens: 100 })).toBe(50);
    expect(clamp({}, 4096)).toBe(4096);
    expect(clamp({})).toBeUndefined();
    expect(clamp({ max_tokens: null })).toBeUndefined();
  });

  it("sends developer messages as system and past reasoning in the model's reasoning_field", () => {
    const { body } = translateChatRequest(
      {
        model: "m",
        messages: [
          { role: "developer", content: "Be brief." },
          { role: "user", content: "Hi" },
          { role: "assistant", content: "Hello", reasoning_content: "They greet me." },
          { role: "assistant", content: null, reasoning: "Run it.", tool_calls: [] },
          { role: "user", content: "Again" },
        ],
      },
      QWEN_PLAN,
      model({ reasoningField: "reasoning_content" }),
      { thinking: true },
    );
    expect(body.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello", reasoning_content: "They greet me." },
      { role: "assistant", content: null, reasoning_content: "Run it.", tool_calls: [] },
      { role: "user", content: "Again" },
    ]);
  });

  it("drops tools that are not functions with a warning, and tool_choice when no tool is left", () => {
    const withFunction = translateChatRequest(
      {
        model: "m",
        messages: [],
        tools: [bash, { type: "web_search" }],
        tool_choice: "required",
        parallel_tool_calls: false,
      },
      QWEN_PLAN,
      model(),
      { thinking: false },
    );
    expect(withFunction.body.tools).toEqual([bash]);
    expect(withFunction.body).toMatchObject({ tool_choice: "required", parallel_tool_calls: false });
    expect(withFunction.warnings).toEqual(["tools.1: a web_search tool is not a function tool; dropped"]);

    const without = translateChatRequest(
      { model: "m", messages: [], tools: [{ type: "custom", custom: {} }], tool_choice: "auto" },
      QWEN_PLAN,
      model(),
      { thinking: false },
    );
    expect(without.body).not.toHaveProperty("tools");
    expect(without.body).not.toHaveProperty("tool_choice");
    expect(
      translateChatRequest({ model: "m", messages: [], tools: null, tool_choice: null }, QWEN_PLAN, model(), {
        thinking: false,
      }).body,
    ).not.toHaveProperty("tool_choice");
  });

  it("sets the thinking switch beside the client's other template kwargs; extra_body still wins", () => {
    const { body } = translateChatRequest(
      {
        model: "m",
        messages: [],
        chat_template_kwargs: { enable_thinking: true, preserve_thinking: true },
      },
      QWEN_PLAN,
      model({ extraBody: { chat_template_kwargs: { custom: 1 }, top_k: 20 } }),
      { thinking: false },
    );
    expect(body.chat_template_kwargs).toEqual({ enable_thinking: false, preserve_thinking: true, custom: 1 });
    expect(body.top_k).toBe(20);
  });

  it("adds what a dialect's markers need, and renames past calls for Kimi's template", () => {
    const plan = resolveModelPlan({ preset: "kimi-k2" });
    const { body } = translateChatRequest(
      {
        model: "m",
        messages: [
          { role: "user", content: "Weather?" },
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "call_abc", type: "function", function: { name: "get_weather", arguments: "{}" } },
            ],
          },
          { role: "tool", tool_call_id: "call_abc", content: "sunny" },
        ],
      },
      plan,
      model(),
      { thinking: false },
    );
    expect(body).toMatchObject({ skip_special_tokens: false, spaces_between_special_tokens: false });
    const messages = body.messages as unknown as Record<string, unknown>[];
    expect(messages[1]).toMatchObject({ tool_calls: [{ id: "functions.get_weather:0" }] });
    expect(messages[2]).toMatchObject({ tool_call_id: "functions.get_weather:0" });
  });
});
