import Anthropic from "@anthropic-ai/sdk";
import { checkMessageStream, checkSseFraming, parseSse } from "@sluice/pipeline/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";

const bashTool = {
  name: "Bash",
  description: "Executes a given bash command.",
  input_schema: {
    type: "object" as const,
    properties: {
      command: { type: "string", description: "The command to execute" },
      description: { type: "string", description: "What the command does in 5-10 words" },
      timeout: { type: "number" },
    },
    required: ["command"],
    additionalProperties: false,
  },
};

const turn = {
  model: "claude-sonnet-4-6",
  max_tokens: 4096,
  thinking: { type: "enabled" as const, budget_tokens: 2048 },
  tools: [bashTool],
  messages: [{ role: "user" as const, content: "List the files in the project." }],
};

let upstream: ScriptedUpstream;
let gateway: TestGateway;
let demoGateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({
    payloads: readChunks("raw-qwen35-thinking-text-tool-call"),
  }));
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key]\nmodels:\n${modelYaml("qwen3.5-raw", upstream.baseUrl, {
      model: { preset: "qwen3.5", aliases: '["claude-*"]' },
    })}`,
  );
  // The default upstream for `base_url: demo` (no upstreamFor): what `pnpm start` serves.
  demoGateway = await startTestGateway(
    'models:\n  - name: qwen3.5\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: demo\n',
  );
});

afterAll(async () => {
  await gateway?.close();
  await demoGateway?.close();
  await upstream?.close();
});

/**
 * Ids are random per request (msg_…, toolu_…); everything else must match exactly, except
 * `parsed_output`, which the SDK's stream accumulator adds on its own (null without output_config).
 */
function withoutIds(message: Anthropic.Message): unknown {
  const { parsed_output: _, ...rest } = message as Anthropic.Message & { parsed_output?: unknown };
  return {
    ...rest,
    id: "msg",
    content: message.content.map((block) => (block.type === "tool_use" ? { ...block, id: "toolu" } : block)),
  };
}

describe("the official @anthropic-ai/sdk against the gateway", () => {
  it("gets the SAME message streaming and not streaming from a raw Qwen3.5 recording", async () => {
    const client = new Anthropic({ apiKey: "client-key", baseURL: gateway.origin, maxRetries: 0 });
    const streamed = await client.messages.stream(turn).finalMessage();
    const whole = await client.messages.create(turn);

    expect(withoutIds(streamed)).toEqual(withoutIds(whole));
    expect(whole.model).toBe("claude-sonnet-4-6");
    expect(whole.id).toMatch(/^msg_/);
    expect(whole.stop_reason).toBe("tool_use");
    expect(whole.stop_sequence).toBeNull();
    expect(whole.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
    const [thinking, text, toolUse] = whole.content;
    expect(thinking).toMatchObject({
      thinking: expect.stringContaining("I should run ls in the project directory."),
    });
    expect(text).toMatchObject({ text: expect.stringContaining("Let me list the files.") });
    expect(toolUse).toMatchObject({
      name: "Bash",
      id: expect.stringMatching(/^toolu_[a-zA-Z0-9_-]+$/),
      input: { command: "ls -la", description: "List files" },
    });
    expect(whole.usage).toMatchObject({ input_tokens: 412, output_tokens: 57 });
  });

  it("writes an `event:` line equal to data.type on every SSE message, in the docs/architecture.md §2 grammar", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      { ...turn, stream: true },
      { "x-api-key": "client-key" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    const text = await response.text();
    const messages = parseSse(text);
    expect(messages.length).toBeGreaterThan(10);
    expect(checkSseFraming(messages)).toEqual([]);
    expect(messages.every((message) => message.event === (message.data as { type: string }).type)).toBe(true);
    expect(checkMessageStream(messages.map((message) => message.data) as never)).toEqual([]);
  });
});

describe("the demo upstream end to end through the SDK", () => {
  it("streams thinking, text and a tool_use whose input fits the tool schema", async () => {
    const client = new Anthropic({ apiKey: "unused", baseURL: demoGateway.origin, maxRetries: 0 });
    const [streamed, whole] = await Promise.all([
      client.messages.stream(turn).finalMessage(),
      client.messages.create(turn),
    ]);
    for (const message of [streamed, whole]) {
      expect(message.model).toBe("claude-sonnet-4-6");
      expect(message.stop_reason).toBe("tool_use");
      expect(message.content.map((block) => block.type)).toEqual(["thinking", "text", "tool_use"]);
      const toolUse = message.content[2];
      if (toolUse?.type !== "tool_use") throw new Error("expected a tool_use block");
      expect(toolUse.name).toBe("Bash");
      const input = toolUse.input as Record<string, unknown>;
      expect(typeof input.command).toBe("string");
      for (const key of Object.keys(input))
        expect(Object.keys(bashTool.input_schema.properties)).toContain(key);
      expect(message.usage.output_tokens).toBeGreaterThan(0);
    }
    // The demo is deterministic for a request: both modes fold the same stream.
    expect(withoutIds(streamed)).toEqual(withoutIds(whole));
  });

  it("answers with text only when no tools are offered and thinking is off", async () => {
    const client = new Anthropic({ apiKey: "unused", baseURL: demoGateway.origin, maxRetries: 0 });
    const message = await client.messages.create({
      model: "qwen3.5",
      max_tokens: 512,
      messages: [{ role: "user", content: "What is Sluice?" }],
    });
    expect(message.stop_reason).toBe("end_turn");
    expect(message.content).toEqual([{ type: "text", text: expect.stringContaining("What is Sluice?") }]);
  });
});
