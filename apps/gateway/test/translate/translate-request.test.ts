import { describe, expect, it } from "vitest";
import { findPreset, type ModelConfig, type ModelPlan, resolveModelPlan } from "../../src/config";
import { translateRequest } from "../../src/translate";
import { claudeCodeBody } from "./claude-code-request";
import { decodeRequest } from "./decode-request";

const model = (overrides: Partial<ModelConfig> = {}): ModelConfig => ({
  name: "qwen3.5",
  aliases: ["claude-*"],
  thinking: "request",
  upstream: {
    baseUrls: ["http://127.0.0.1:8000/v1"],
    model: "Qwen/Qwen3.5-122B-A10B",
    reasoningField: "reasoning",
  },
  ...overrides,
});

const QWEN_PLAN: ModelPlan = { thinkingKwarg: "enable_thinking", alwaysThinks: false, thinksByDefault: true };

const minimal = (overrides: Record<string, unknown> = {}) =>
  decodeRequest({ messages: [{ role: "user", content: "Hi" }], ...overrides });

describe("translateRequest: a Claude Code request end to end", () => {
  const { body, warnings } = translateRequest(
    decodeRequest(claudeCodeBody),
    QWEN_PLAN,
    model({ maxOutputTokens: 8192 }),
    {
      thinking: true,
    },
  );

  it("builds the whole upstream body", () => {
    expect(body).toEqual({
      model: "Qwen/Qwen3.5-122B-A10B",
      messages: [
        {
          role: "system",
          content:
            "You are Claude Code, Anthropic's official CLI for Claude.\n\n" +
            "You are an interactive CLI tool that helps users with software engineering tasks.",
        },
        {
          role: "user",
          content: [
            {
              type: "text",
              text: "<system-reminder>\nAs you answer, use the context below.\n</system-reminder>",
            },
            { type: "text", text: "Why does the build fail?" },
          ],
        },
        {
          role: "assistant",
          content: "Let me run the build.",
          tool_calls: [
            {
              id: "toolu_01A",
              type: "function",
              function: { name: "Bash", arguments: '{"command":"pnpm build","timeout":120000}' },
            },
          ],
          reasoning: "I should run the build first.",
        },
        {
          role: "tool",
          tool_call_id: "toolu_01A",
          content: "Error: src/index.ts(3,1): error TS2304\nExit code 2",
        },
        { role: "user", content: "It printed this:" },
        { role: "system", content: "The user switched to plan mode." },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "toolu_01B",
              type: "function",
              function: { name: "Read", arguments: '{"file_path":"/repo/src/index.ts"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "toolu_01B", content: "1\timport { x } from './x';" },
        {
          role: "user",
          content: [
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "text", text: "Fix it." },
          ],
        },
      ],
      tools: [
        {
          type: "function",
          function: {
            name: "Bash",
            description: "Executes a given bash command.",
            parameters: {
              type: "object",
              properties: { command: { type: "string" }, timeout: { type: "number" } },
              required: ["command"],
            },
          },
        },
        {
          type: "function",
          function: {
            name: "Read",
            description: "Reads a file.",
            parameters: {
              type: "object",
              properties: { file_path: { type: "string" } },
              required: ["file_path"],
            },
          },
        },
      ],
      tool_choice: "auto",
      max_tokens: 8192,
      temperature: 1,
      user: "user_abc_account_def_session_123",
      stream: true,
      stream_options: { include_usage: true },
      chat_template_kwargs: { enable_thinking: true },
    });
  });

  it("warns once per dropped block and tool, naming where it was", () => {
    expect(warnings).toEqual([
      "messages.1.content.1: dropped redacted_thinking block",
      "messages.4.content.0: dropped server_tool_use block",
      "messages.4.content.1: dropped web_search_tool_result block",
      "messages.5.content.3: dropped document block",
      "tools.2: dropped server tool web_search (web_search_20250305)",
    ]);
  });

  it("keeps the billing header out of every message (it would defeat prefix caching)", () => {
    expect(JSON.stringify(body)).not.toContain("x-anthropic-billing-header");
  });
});

describe("translateRequest: fields", () => {
  it("maps the model to upstream.model and always streams with usage", () => {
    const { body } = translateRequest(minimal({ stream: false }), {}, model(), { thinking: false });
    expect(body.model).toBe("Qwen/Qwen3.5-122B-A10B");
    expect(body.stream).toBe(true);
    expect(body.stream_options).toEqual({ include_usage: true });
  });

  it.each([
    ["enable_thinking", true],
    ["enable_thinking", false],
    ["thinking", true],
    ["thinking", false],
  ] as const)("sends chat_template_kwargs.%s = %s", (kwarg, thinking) => {
    const { body } = translateRequest(minimal(), { thinkingKwarg: kwarg }, model(), { thinking });
    expect(body.chat_template_kwargs).toEqual({ [kwarg]: thinking });
  });

  it("adds the fields the dialects' markers need, under the config's extra_body", () => {
    const plan = { requestFields: { skip_special_tokens: false, spaces_between_special_tokens: false } };
    expect(translateRequest(minimal(), plan, model(), { thinking: false }).body).toMatchObject(
      plan.requestFields,
    );
    const overridden = translateRequest(
      minimal(),
      plan,
      model({ upstream: { ...model().upstream, extraBody: { skip_special_tokens: true } } }),
      { thinking: false },
    );
    expect(overridden.body).toMatchObject({
      skip_special_tokens: true,
      spaces_between_special_tokens: false,
    });
  });

  it("deep-merges upstream.extra_body last: mappings key by key, the config winning everything else", () => {
    const { body } = translateRequest(
      minimal({ temperature: 0.2, stop_sequences: ["END"] }),
      QWEN_PLAN,
      model({
        upstream: {
          ...model().upstream,
          extraBody: {
            top_k: 20,
            temperature: 0.7,
            stop: ["</s>"],
            chat_template_kwargs: { preserve_thinking: true },
            stream_options: { continuous_usage_stats: true },
          },
        },
      }),
      { thinking: true },
    );
    expect(body).toMatchObject({
      top_k: 20,
      temperature: 0.7,
      stop: ["</s>"],
      chat_template_kwargs: { enable_thinking: true, preserve_thinking: true },
      stream: true,
      stream_options: { include_usage: true, continuous_usage_stats: true },
    });
  });

  it.each(["qwen3", "qwen3.5", "deepseek-v4.1", "qwen3-coder", "deepseek-r1", "hermes"] as const)(
    "preset %s sends the kwarg its table names, or none",
    (preset) => {
      const thinkingKwarg = findPreset(preset)?.thinkingKwarg;
      const plan = thinkingKwarg === undefined ? {} : { thinkingKwarg };
      const { body } = translateRequest(minimal(), plan, model(), { thinking: true });
      const expected = {
        qwen3: "enable_thinking",
        "qwen3.5": "enable_thinking",
        "deepseek-v4.1": "thinking",
      } as Record<string, string>;
      const kwarg = expected[preset];
      if (kwarg === undefined) expect(body).not.toHaveProperty("chat_template_kwargs");
      else expect(body.chat_template_kwargs).toEqual({ [kwarg]: true });
    },
  );

  it("leaves out tools, tool_choice and parallel_tool_calls when no client tool remains", () => {
    const { body, warnings } = translateRequest(
      minimal({
        tools: [{ type: "web_search_20250305", name: "web_search" }],
        tool_choice: { type: "any", disable_parallel_tool_use: true },
      }),
      {},
      model(),
      { thinking: false },
    );
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("tool_choice");
    expect(body).not.toHaveProperty("parallel_tool_calls");
    expect(warnings).toEqual(["tools.0: dropped server tool web_search (web_search_20250305)"]);
  });

  it("passes tool_choice and parallel_tool_calls through translateToolChoice", () => {
    const { body } = translateRequest(
      minimal({
        tools: [{ name: "Bash", input_schema: { type: "object" } }],
        tool_choice: { type: "tool", name: "Bash", disable_parallel_tool_use: true },
      }),
      {},
      model(),
      { thinking: false },
    );
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "Bash" } });
    expect(body.parallel_tool_calls).toBe(false);
  });

  it("writes past thinking under upstream.reasoning_field", () => {
    const request = minimal({
      messages: [
        { role: "user", content: "Hi" },
        {
          role: "assistant",
          content: [
            { type: "thinking", thinking: "hmm", signature: "" },
            { type: "text", text: "Hello" },
          ],
        },
      ],
    });
    const sglang = model({
      upstream: { baseUrls: ["http://h/v1"], model: "m", reasoningField: "reasoning_content" },
    });
    expect(translateRequest(request, {}, sglang, { thinking: true }).body.messages[1]).toEqual({
      role: "assistant",
      content: "Hello",
      reasoning_content: "hmm",
    });
    expect(translateRequest(request, {}, model(), { thinking: true }).body.messages[1]).toEqual({
      role: "assistant",
      content: "Hello",
      reasoning: "hmm",
    });
  });
});

describe("translateRequest: the kimi-k3 preset", () => {
  it("names each tool result after its call, as Kimi K3's template needs, and sends both thinking switches", () => {
    const { body } = translateRequest(
      decodeRequest({
        messages: [
          { role: "user", content: "List the files." },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "I will run ls.", signature: "" },
              { type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "ls" } },
            ],
          },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "a.txt" }] },
        ],
      }),
      resolveModelPlan({ preset: "kimi-k3" }),
      model(),
      { thinking: true },
    );
    expect(body.messages).toMatchObject([
      { role: "user" },
      { role: "assistant", reasoning: "I will run ls.", tool_calls: [{ id: "toolu_01" }] },
      { role: "tool", tool_call_id: "toolu_01", name: "Bash", content: "a.txt" },
    ]);
    expect(body.chat_template_kwargs).toEqual({ thinking: true, enable_thinking: true });
    expect(body).toMatchObject({ skip_special_tokens: false, spaces_between_special_tokens: false });
  });
});
