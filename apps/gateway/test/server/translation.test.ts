import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";

const bashSchema = {
  type: "object",
  properties: { command: { type: "string" }, timeout: { type: "number" } },
  required: ["command"],
};

/** A Claude Code–shaped turn: billing header, tool result, past thinking, a server tool, sampling. */
const claudeCodeTurn = {
  model: "qwen35",
  max_tokens: 32000,
  stream: true,
  system: [
    {
      type: "text",
      text: "x-anthropic-billing-header: cc_version=2.1.154.e3f; cc_entrypoint=cli; cch=7a1f2;",
    },
    { type: "text", text: "You are Claude Code.", cache_control: { type: "ephemeral" } },
  ],
  messages: [
    { role: "user", content: "List the files" },
    {
      role: "assistant",
      content: [
        { type: "thinking", thinking: "I should run ls.", signature: "c2lnbmF0dXJl" },
        { type: "text", text: "Running ls." },
        { type: "tool_use", id: "toolu_01A", name: "Bash", input: { command: "ls" } },
      ],
    },
    {
      role: "user",
      content: [
        { type: "text", text: "Now summarise." },
        { type: "tool_result", tool_use_id: "toolu_01A", content: "a.txt\nb.txt" },
      ],
    },
    { role: "system", content: "The user switched to plan mode." },
  ],
  tools: [
    { name: "Bash", description: "Run a command", input_schema: bashSchema },
    { type: "web_search_20250305", name: "web_search", max_uses: 3 },
  ],
  tool_choice: { type: "any", disable_parallel_tool_use: true },
  stop_sequences: ["\n\nHuman:"],
  temperature: 0.2,
  top_p: 0.9,
  top_k: 20,
  metadata: { user_id: "user-7" },
  thinking: { type: "enabled", budget_tokens: 2048 },
};

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  const base = upstream.baseUrl;
  gateway = await startTestGateway(
    `models:\n${[
      modelYaml("qwen35", base, {
        model: { preset: "qwen3.5", max_output_tokens: "1000" },
        upstream: { reasoning_field: "reasoning_content" },
      }),
      modelYaml("qwen3", base, { model: { preset: "qwen3" } }),
      modelYaml("coder", base, { model: { preset: "qwen3-coder" } }),
      modelYaml("r1", base, { model: { preset: "deepseek-r1" } }),
      modelYaml("v41", base, { model: { preset: "deepseek-v4.1" } }),
      modelYaml("self-parsing", base),
      modelYaml("qwen3-parser-only", base, { model: { reasoning_parser: "qwen3" } }),
      modelYaml("self-parsing-qwen3", base, { model: { thinking_kwarg: "enable_thinking" } }),
      modelYaml("tuned", base, {
        model: { preset: "qwen3.5" },
        upstream: {
          extra_body: "{top_k: 20, min_p: 0, chat_template_kwargs: {preserve_thinking: true}}",
          headers: "{x-tenant: team-7}",
        },
      }),
    ].join("")}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

/** Sends `body` and returns the JSON the scripted upstream received for it. */
async function upstreamBodyFor(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const before = upstream.requests.length;
  const response = await post(gateway.origin, "/v1/messages?beta=true", body);
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  expect(upstream.requests.length).toBe(before + 1);
  return upstream.requests[before]?.body ?? {};
}

describe("the request the upstream receives (docs/http-api.md §4)", () => {
  it("translates a Claude Code turn completely", async () => {
    expect(await upstreamBodyFor(claudeCodeTurn)).toEqual({
      model: "qwen35",
      messages: [
        // The billing-header block is dropped: it changes every request and defeats prefix caching.
        { role: "system", content: "You are Claude Code." },
        { role: "user", content: "List the files" },
        {
          role: "assistant",
          content: "Running ls.",
          tool_calls: [
            { id: "toolu_01A", type: "function", function: { name: "Bash", arguments: '{"command":"ls"}' } },
          ],
          reasoning_content: "I should run ls.",
        },
        // The tool message comes first, right after the assistant's tool_calls.
        { role: "tool", tool_call_id: "toolu_01A", content: "a.txt\nb.txt" },
        // Qwen3.5's template takes one system message, first: a late one joins the user turn beside it.
        {
          role: "user",
          content: "Now summarise.\n\n<system-reminder>\nThe user switched to plan mode.\n</system-reminder>",
        },
      ],
      tools: [
        {
          type: "function",
          function: { name: "Bash", description: "Run a command", parameters: bashSchema },
        },
      ],
      tool_choice: "required",
      parallel_tool_calls: false,
      max_tokens: 1000,
      temperature: 0.2,
      top_p: 0.9,
      top_k: 20,
      stop: ["\n\nHuman:"],
      user: "user-7",
      stream: true,
      stream_options: { include_usage: true },
      chat_template_kwargs: { preserve_thinking: true, enable_thinking: true },
    });
    const line = gateway.requestLines().at(-1);
    expect(line?.translationWarnings).toEqual([
      "tools.1: dropped server tool web_search (web_search_20250305)",
    ]);
  });

  it("maps each tool_choice and always streams with usage, even for stream: false", async () => {
    const tools = [{ name: "Bash", input_schema: bashSchema }];
    const cases: [unknown, Record<string, unknown>][] = [
      [{ type: "auto" }, { tool_choice: "auto" }],
      [{ type: "none" }, { tool_choice: "none" }],
      [{ type: "tool", name: "Bash" }, { tool_choice: { type: "function", function: { name: "Bash" } } }],
    ];
    for (const [choice, expected] of cases) {
      const body = await upstreamBodyFor(messagesRequest("self-parsing", { tools, tool_choice: choice }));
      expect(body).toMatchObject({ ...expected, stream: true, stream_options: { include_usage: true } });
      expect(body.parallel_tool_calls).toBeUndefined();
    }
  });

  it("passes max_tokens unclamped when the model has no max_output_tokens", async () => {
    const body = await upstreamBodyFor(messagesRequest("self-parsing", { max_tokens: 64000 }));
    expect(body.max_tokens).toBe(64000);
  });

  it.each([
    // The qwen3.5 preset keeps Qwen3.6's past reasoning (docs/dialects.md §5).
    ["qwen35", true, { preserve_thinking: true, enable_thinking: true }],
    ["qwen35", false, { preserve_thinking: true, enable_thinking: false }],
    ["qwen3", true, { enable_thinking: true }],
    ["qwen3", false, { enable_thinking: false }],
    ["v41", true, { thinking: true }],
    ["v41", false, { thinking: false }],
    ["r1", true, undefined],
    ["coder", true, undefined],
    ["self-parsing", true, undefined],
    // No preset: the reasoning dialect's family switch, so a client can turn a Qwen3 model's thinking off.
    ["qwen3-parser-only", false, { enable_thinking: false }],
    ["qwen3-parser-only", true, { enable_thinking: true }],
    ["self-parsing-qwen3", false, { enable_thinking: false }],
  ])("sends chat_template_kwargs per preset: %s with thinking %s → %j", async (model, thinking, expected) => {
    const body = await upstreamBodyFor(
      messagesRequest(model, {
        thinking: thinking ? { type: "enabled", budget_tokens: 1024 } : { type: "disabled" },
      }),
    );
    expect(body.chat_template_kwargs).toEqual(expected);
  });

  it("deep-merges extra_body into the body and sends the configured headers", async () => {
    const before = upstream.requests.length;
    const body = await upstreamBodyFor(
      messagesRequest("tuned", { thinking: { type: "disabled" }, top_k: 5 }),
    );
    expect(body).toMatchObject({
      top_k: 20,
      min_p: 0,
      chat_template_kwargs: { enable_thinking: false, preserve_thinking: true },
      stream: true,
      model: "tuned",
    });
    expect(upstream.requests[before]?.headers["x-tenant"]).toBe("team-7");
  });

  it("puts past thinking under reasoning_field: `reasoning` by default (vLLM)", async () => {
    const body = await upstreamBodyFor(
      messagesRequest("self-parsing", {
        messages: [
          { role: "user", content: "Hi" },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "Greet back.", signature: "x" },
              { type: "redacted_thinking", data: "opaque" },
              { type: "text", text: "Hello!" },
            ],
          },
          { role: "user", content: "Again" },
        ],
      }),
    );
    expect(body.messages).toEqual([
      { role: "user", content: "Hi" },
      { role: "assistant", content: "Hello!", reasoning: "Greet back." },
      { role: "user", content: "Again" },
    ]);
    expect(gateway.requestLines().at(-1)?.translationWarnings).toEqual([
      "messages.1.content.1: dropped redacted_thinking block",
    ]);
  });
});
