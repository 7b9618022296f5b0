import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDemoUpstream } from "../../src/demo/create-demo-upstream";
import { recordedRequest } from "../demo/client-requests";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { modelYaml, parseSseText, post, startTestGateway, type TestGateway } from "./test-gateway";
import { chatRequests, scriptedPromptTokens, windowScript } from "./window-upstream";

const DEMO_CONFIG =
  'models:\n  - name: qwen3.5\n    aliases: ["claude-*"]\n    preset: qwen3.5\n    upstream:\n      base_url: demo\n';

let demo: TestGateway;

beforeAll(async () => {
  demo = await startTestGateway(DEMO_CONFIG, {
    upstreamFor: () => createDemoUpstream({ tokenDelayMs: 0 }),
    learnContextWindows: true,
  });
  await demo.gateway.contextWindows();
});

afterAll(async () => {
  await demo?.close();
});

/** message_start's and the final message_delta's input_tokens of a streamed answer. */
async function streamedInputTokens(origin: string, body: Record<string, unknown>) {
  const response = await post(origin, "/v1/messages", { ...body, stream: true });
  expect(response.status).toBe(200);
  const { events } = parseSseText(await response.text());
  const start = events.find((event) => event.type === "message_start") as Extract<
    MessageStreamEvent,
    { type: "message_start" }
  >;
  const delta = events.find((event) => event.type === "message_delta") as Extract<
    MessageStreamEvent,
    { type: "message_delta" }
  >;
  return { start: start.message.usage.input_tokens, final: delta.usage.input_tokens };
}

async function countTokens(origin: string, body: Record<string, unknown>): Promise<number> {
  const { stream: _, max_tokens: __, ...request } = body;
  const response = await post(origin, "/v1/messages/count_tokens", request);
  expect(response.status).toBe(200);
  return ((await response.json()) as { input_tokens: number }).input_tokens;
}

describe("the demo's usage figures agree on every surface", () => {
  const curl = {
    model: "qwen3.5",
    max_tokens: 256,
    messages: [{ role: "user", content: "What is Sluice?" }],
  };

  it("message_start says the input_tokens message_delta and count_tokens say", async () => {
    // A short request, and Claude Code's first one (its budget fitted into the demo's window on the way).
    for (const body of [curl, recordedRequest("claude-code-print", "List the files in this directory")]) {
      const { start, final } = await streamedInputTokens(demo.origin, body);
      expect(start).toBeGreaterThan(0);
      expect(final).toBe(start);
      expect(await countTokens(demo.origin, body)).toBe(start);
    }
  });

  it("a Responses answer with a reasoning item counts some of its output tokens as reasoning", async () => {
    const answer = async (effort: string) => {
      const response = await post(demo.origin, "/v1/responses", {
        model: "qwen3.5",
        input: "What is Sluice?",
        reasoning: { effort },
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        output: Array<{ type: string }>;
        usage: { output_tokens: number; output_tokens_details: { reasoning_tokens: number } };
      };
    };
    const thought = await answer("low");
    expect(thought.output.map((item) => item.type)).toEqual(["reasoning", "message"]);
    const { output_tokens, output_tokens_details } = thought.usage;
    expect(output_tokens_details.reasoning_tokens).toBeGreaterThan(0);
    expect(output_tokens_details.reasoning_tokens).toBeLessThan(output_tokens);
    const plain = await answer("none");
    expect(plain.output.map((item) => item.type)).toEqual(["message"]);
    expect(plain.usage.output_tokens_details.reasoning_tokens).toBe(0);
  });
});

describe("message_start's input_tokens on a server that counted the prompt", () => {
  let upstream: ScriptedUpstream;
  let gateway: TestGateway;

  beforeAll(async () => {
    upstream = await startScriptedUpstream(
      windowScript({ model: "m", window: 8192, reports: "models", tokenize: true }),
    );
    gateway = await startTestGateway(`models:\n${modelYaml("m", upstream.baseUrl)}\n`, {
      learnContextWindows: true,
    });
    await gateway.gateway.contextWindows();
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it("is the server's own count from its /tokenize, when the output budget had it count", async () => {
    const body = {
      model: "m",
      max_tokens: 8000,
      messages: [{ role: "user", content: "Why does the build fail? ".repeat(400) }],
    };
    const { start } = await streamedInputTokens(gateway.origin, body);
    const [sent] = chatRequests(upstream.requests).slice(-1);
    expect(sent?.body.max_tokens).toBeLessThan(8000);
    expect(start).toBe(scriptedPromptTokens(sent?.body ?? {}));
  });
});
