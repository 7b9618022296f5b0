import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeCountTokensRequest, decodeMessagesRequest, isServerTool, type MessagesRequest } from "../src";

const claudeCodeBody: Record<string, unknown> = JSON.parse(
  readFileSync(new URL("./fixtures/claude-code-request.json", import.meta.url), "utf8"),
);

const minimal = { model: "qwen3.5", max_tokens: 16, messages: [{ role: "user", content: "Hi" }] };

function decoded(body: unknown): MessagesRequest {
  const result = decodeMessagesRequest(body);
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

function failure(body: unknown): string {
  const result = decodeMessagesRequest(body);
  if (result.ok) throw new Error("expected a decoding failure");
  return result.message;
}

const withMessage = (content: unknown) => ({ ...minimal, messages: [{ role: "user", content }] });

describe("decodeMessagesRequest: a real Claude Code body", () => {
  const request = decoded(claudeCodeBody);
  const blocksOf = (index: number) => {
    const content = request.messages[index]?.content;
    if (content === undefined || typeof content === "string")
      throw new Error(`message ${index} has no blocks`);
    return content;
  };

  it("keeps the system blocks, the billing header block included (the translator drops it)", () => {
    expect(Array.isArray(request.system) && request.system.map((block) => block.text.slice(0, 28))).toEqual([
      "x-anthropic-billing-header: ",
      "You are Claude Code, Anthrop",
      "\nYou are an interactive CLI ",
    ]);
  });

  it("accepts role: system inside messages (vllm#44000)", () => {
    expect(request.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
      "system",
      "assistant",
      "user",
    ]);
    expect(request.messages[3]?.content).toBe("The user has switched the permission mode to acceptEdits.");
  });

  it("decodes known blocks and keeps unknown ones as { type: unknown, unknown_type }", () => {
    expect(request.messages[1]?.content).toEqual([
      {
        type: "thinking",
        thinking: "The user wants to know why tests fail. I should run them first.",
        signature: expect.stringMatching(/^EqQB/),
      },
      { type: "text", text: "Let me run the tests." },
      {
        type: "tool_use",
        id: "toolu_01XFDUDYJgAACzvnptvVoYEL",
        name: "Bash",
        input: { command: "cd packages/core && pnpm test", description: "Run core tests", timeout: 120000 },
      },
    ]);
    expect(request.messages[4]?.content).toEqual([
      { type: "redacted_thinking", data: expect.any(String) },
      { type: "unknown", unknown_type: "server_tool_use" },
      { type: "unknown", unknown_type: "web_search_tool_result" },
      { type: "tool_use", id: "toolu_01Read", name: "Read", input: expect.objectContaining({ limit: 200 }) },
    ]);
  });

  it("decodes images (base64 and url) and tool results (string, blocks, is_error)", () => {
    const [, , base64, url] = blocksOf(0);
    expect(base64).toEqual({
      type: "image",
      source: { type: "base64", media_type: "image/png", data: expect.stringMatching(/^iVBOR/) },
    });
    expect(url).toEqual({ type: "image", source: { type: "url", url: "https://example.com/ci-log.png" } });
    expect(blocksOf(2)[0]).toMatchObject({
      type: "tool_result",
      is_error: true,
    });
    expect(request.messages[5]?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_01Read",
        content: [
          { type: "text", text: '     1→import type { Segment } from "./segment";' },
          { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" } },
          { type: "unknown", unknown_type: "tool_reference" },
        ],
      },
      { type: "unknown", unknown_type: "document" },
      { type: "text", text: "Fix it." },
    ]);
  });

  it("tells client tools from server tools", () => {
    const tools = request.tools ?? [];
    expect(tools.map((tool) => [tool.name, isServerTool(tool)])).toEqual([
      ["Bash", false],
      ["Read", false],
      ["web_search", true],
      ["mcp__github__create_issue", false],
    ]);
    expect(tools[0]).toMatchObject({ input_schema: { required: ["command"], additionalProperties: false } });
    expect(tools[2]).toEqual({ type: "web_search_20250305", name: "web_search" });
  });

  it("decodes the scalar and config fields and drops the unknown ones", () => {
    expect(request).toMatchObject({
      model: "claude-sonnet-4-5-20250929",
      max_tokens: 32000,
      stream: true,
      temperature: 1,
      tool_choice: { type: "auto", disable_parallel_tool_use: false },
      thinking: { type: "enabled", budget_tokens: 31999 },
      metadata: { user_id: expect.stringMatching(/^user_2f8a9c/) },
      output_config: { effort: "high" },
    });
    for (const field of ["context_management", "service_tier", "mcp_servers", "container"]) {
      expect(request).not.toHaveProperty(field);
    }
  });
});

describe("decodeMessagesRequest: what else is accepted", () => {
  it("accepts the minimal body, string system, and every optional field", () => {
    expect(decoded(minimal)).toEqual(minimal);
    const full = {
      ...minimal,
      system: "Be brief.",
      stop_sequences: ["END", "\n\nHuman:"],
      stream: false,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 40,
      metadata: {},
      tools: [],
      output_config: { effort: "max", format: { type: "json_schema", schema: { type: "object" } } },
    };
    expect(decoded(full)).toEqual(full);
  });

  it("accepts each tool_choice and thinking variant", () => {
    for (const tool_choice of [
      { type: "auto" },
      { type: "any", disable_parallel_tool_use: true },
      { type: "tool", name: "Bash" },
      { type: "none" },
    ]) {
      expect(decoded({ ...minimal, tool_choice }).tool_choice).toEqual(tool_choice);
    }
    for (const thinking of [
      { type: "enabled", budget_tokens: 1024 },
      { type: "enabled", budget_tokens: 99999 },
      { type: "disabled" },
      { type: "adaptive" },
      { type: "adaptive", display: "summarized" },
    ]) {
      expect(decoded({ ...minimal, thinking }).thinking).toEqual(thinking);
    }
  });

  it("does not enforce Anthropic's policy limits (docs/http-api.md §3)", () => {
    const body = {
      ...minimal,
      thinking: { type: "enabled", budget_tokens: 100 },
      messages: [
        { role: "assistant", content: "prefill first" },
        { role: "assistant", content: "twice in a row" },
        { role: "ctx", content: [] },
      ],
    };
    expect(decodeMessagesRequest(body).ok).toBe(true);
  });

  it("accepts a thinking block without a signature and a tool_result without content", () => {
    const content = [
      { type: "thinking", thinking: "from another gateway" },
      { type: "tool_result", tool_use_id: "toolu_1" },
    ];
    expect(decoded(withMessage(content)).messages[0]?.content).toEqual(content);
  });

  it("keeps `__proto__` as plain data", () => {
    const body = JSON.parse(
      '{"model":"m","max_tokens":1,"messages":[{"role":"user","content":[{"type":"tool_use","id":"__proto__","name":"__proto__","input":{"__proto__":{"x":1}}}]}]}',
    );
    const content = decoded(body).messages[0]?.content;
    const block = typeof content === "string" ? undefined : content?.[0];
    const input = block?.type === "tool_use" ? block.input : undefined;
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(JSON.stringify(input)).toBe('{"__proto__":{"x":1}}');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("decodeMessagesRequest: errors name the field", () => {
  const cases: Array<[string, unknown, string]> = [
    [
      "max_tokens as a string",
      { ...minimal, max_tokens: "10" },
      'max_tokens: Expected a positive integer, received "10"',
    ],
    ["max_tokens zero", { ...minimal, max_tokens: 0 }, "max_tokens: Expected a positive integer, received 0"],
    [
      "max_tokens fractional",
      { ...minimal, max_tokens: 1.5 },
      "max_tokens: Expected a positive integer, received 1.5",
    ],
    ["model missing", { max_tokens: 1, messages: [] }, "model: Required field is missing"],
    ["max_tokens missing", { model: "m", messages: [] }, "max_tokens: Required field is missing"],
    ["messages missing", { model: "m", max_tokens: 1 }, "messages: Required field is missing"],
    ["model not a string", { ...minimal, model: 3 }, "model: Expected a string, received 3"],
    [
      "messages not an array",
      { ...minimal, messages: {} },
      "messages: Expected an array of messages, received {}",
    ],
    [
      "a message not an object",
      { ...minimal, messages: [5] },
      "messages.0: Expected a message (an object with `role` and `content`), received 5",
    ],
    [
      "role missing",
      { ...minimal, messages: [{ content: "x" }] },
      "messages.0.role: Required field is missing",
    ],
    [
      "role not a string",
      { ...minimal, messages: [{ role: 1, content: "x" }] },
      "messages.0.role: Expected a string, received 1",
    ],
    [
      "content missing",
      { ...minimal, messages: [{ role: "user" }] },
      "messages.0.content: Required field is missing",
    ],
    [
      "content neither string nor blocks",
      withMessage(5),
      "messages.0.content: Expected a string or an array of content blocks, received 5",
    ],
    [
      "a block not an object",
      withMessage(["hi"]),
      'messages.0.content.0: Expected a content block (an object with a string `type`), received "hi"',
    ],
    [
      "a block type not a string",
      withMessage([{ type: 7 }]),
      "messages.0.content.0.type: Expected a string, received 7",
    ],
    [
      "text block without text",
      withMessage([{ type: "text" }]),
      "messages.0.content.0.text: Required field is missing",
    ],
    [
      "text block with a number",
      withMessage([{ type: "text", text: 5 }]),
      "messages.0.content.0.text: Expected a string, received 5",
    ],
    [
      "image with an unknown source",
      withMessage([{ type: "image", source: { type: "file", file_id: "f" } }]),
      'messages.0.content.0.source.type: Expected "base64" | "url", received "file"',
    ],
    [
      "image source not an object",
      withMessage([{ type: "image", source: "x" }]),
      'messages.0.content.0.source: Expected an image source (an object with `type` base64 or url), received "x"',
    ],
    [
      "base64 image without data",
      withMessage([{ type: "image", source: { type: "base64", media_type: "image/png" } }]),
      "messages.0.content.0.source.data: Required field is missing",
    ],
    [
      "tool_use input an array",
      withMessage([{ type: "tool_use", id: "t", name: "n", input: [1] }]),
      "messages.0.content.0.input: Expected an object, received [1]",
    ],
    [
      "tool_result id missing",
      withMessage([{ type: "tool_result", content: "x" }]),
      "messages.0.content.0.tool_use_id: Required field is missing",
    ],
    [
      "tool_result content a number",
      withMessage([{ type: "tool_result", tool_use_id: "t", content: 1 }]),
      "messages.0.content.0.content: Expected a string or an array of content blocks, received 1",
    ],
    [
      "tool_result inner text block broken",
      withMessage([{ type: "tool_result", tool_use_id: "t", content: [{ type: "text", text: null }] }]),
      "messages.0.content.0.content.0.text: Expected a string, received null",
    ],
    [
      "tool_result is_error not boolean",
      withMessage([{ type: "tool_result", tool_use_id: "t", is_error: "yes" }]),
      'messages.0.content.0.is_error: Expected a boolean, received "yes"',
    ],
    [
      "system a number",
      { ...minimal, system: 5 },
      "system: Expected a string or an array of text blocks, received 5",
    ],
    [
      "system with an image block",
      { ...minimal, system: [{ type: "image" }] },
      'system.0.type: Expected "text", received "image"',
    ],
    [
      "stop_sequences a string",
      { ...minimal, stop_sequences: "END" },
      'stop_sequences: Expected an array of strings, received "END"',
    ],
    [
      "stop_sequences with a number",
      { ...minimal, stop_sequences: ["a", 1] },
      "stop_sequences.1: Expected a string, received 1",
    ],
    ["stream a string", { ...minimal, stream: "true" }, 'stream: Expected a boolean, received "true"'],
    [
      "temperature a string",
      { ...minimal, temperature: "0.5" },
      'temperature: Expected a number, received "0.5"',
    ],
    ["top_p null", { ...minimal, top_p: null }, "top_p: Expected a number, received null"],
    [
      "metadata.user_id a number",
      { ...minimal, metadata: { user_id: 1 } },
      "metadata.user_id: Expected a string, received 1",
    ],
    ["tools not an array", { ...minimal, tools: {} }, "tools: Expected an array of tools, received {}"],
    [
      "a tool not an object",
      { ...minimal, tools: ["Bash"] },
      'tools.0: Expected a tool definition (an object), received "Bash"',
    ],
    [
      "client tool without input_schema",
      { ...minimal, tools: [{ name: "Bash" }] },
      "tools.0.input_schema: Required field is missing",
    ],
    [
      "client tool without name",
      { ...minimal, tools: [{ input_schema: {} }] },
      "tools.0.name: Required field is missing",
    ],
    [
      "input_schema not an object",
      { ...minimal, tools: [{ name: "a", input_schema: "x" }] },
      'tools.0.input_schema: Expected an object, received "x"',
    ],
    [
      "tool_choice unknown type",
      { ...minimal, tool_choice: { type: "required" } },
      'tool_choice.type: Expected "auto" | "any" | "tool" | "none", received "required"',
    ],
    [
      "tool_choice tool without name",
      { ...minimal, tool_choice: { type: "tool" } },
      "tool_choice.name: Required field is missing",
    ],
    [
      "tool_choice a string",
      { ...minimal, tool_choice: "auto" },
      'tool_choice: Expected an object with `type` auto, any, tool or none, received "auto"',
    ],
    [
      "thinking without budget",
      { ...minimal, thinking: { type: "enabled" } },
      "thinking.budget_tokens: Required field is missing",
    ],
    [
      "thinking budget fractional",
      { ...minimal, thinking: { type: "enabled", budget_tokens: 1.5 } },
      "thinking.budget_tokens: Expected an integer, received 1.5",
    ],
    [
      "thinking unknown type",
      { ...minimal, thinking: { type: "on" } },
      'thinking.type: Expected "enabled" | "disabled" | "adaptive", received "on"',
    ],
    [
      "output_config.effort a number",
      { ...minimal, output_config: { effort: 3 } },
      "output_config.effort: Expected a string, received 3",
    ],
    ["body null", null, "body: Expected a JSON object, received null"],
    ["body an array", [], "body: Expected a JSON object, received []"],
  ];

  it.each(cases)("%s", (_name, body, message) => {
    expect(failure(body)).toBe(message);
  });

  it("shortens long received values", () => {
    expect(failure({ ...minimal, model: ["x".repeat(500)] })).toMatch(
      /^model: Expected a string, received \["x{50,}…$/,
    );
  });
});

describe("decodeCountTokensRequest", () => {
  it("takes the Messages body without max_tokens", () => {
    const { max_tokens: _maxTokens, ...body } = claudeCodeBody;
    const result = decodeCountTokensRequest(body);
    expect(result.ok && result.request.messages).toHaveLength(6);
    expect(decodeCountTokensRequest({ model: "m", messages: [] })).toEqual({
      ok: true,
      request: { model: "m", messages: [] },
    });
  });

  it("ignores a max_tokens it does not need, and names a broken field", () => {
    expect(decodeCountTokensRequest({ model: "m", messages: [], max_tokens: "x" }).ok).toBe(true);
    expect(decodeCountTokensRequest({ messages: [] })).toEqual({
      ok: false,
      message: "model: Required field is missing",
    });
    expect(
      decodeCountTokensRequest({ model: "m", messages: [{ role: "user", content: [{ type: "text" }] }] }),
    ).toEqual({
      ok: false,
      message: "messages.0.content.0.text: Required field is missing",
    });
  });
});
