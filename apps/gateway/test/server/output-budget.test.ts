import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudeCodeMessagesRequest, systemReminder } from "../demo/claude-code-session";
import { claudeCodeSessionTools } from "../demo/claude-code-tools";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";
import { waitUntil } from "./wait-until";
import {
  chatRequests,
  scriptedPromptTokens,
  type WindowServerOptions,
  windowScript,
} from "./window-upstream";

/**
 * docs/http-api.md §4, "The output budget": Claude Code asks for max_tokens 128000; a 64k-context server
 * that enforces its window as vLLM does serves it anyway, on every route, with no config change.
 */

const WINDOW = 65_536;
const MARGIN = 64;

/** A project's CLAUDE.md as Claude Code injects it: with its tools, a prompt of about 20k tokens. */
const CLAUDE_MD = Array.from(
  { length: 640 },
  (_, index) =>
    `- Rule ${index}: keep files small and named after what they export; test behaviour, never timing.`,
).join("\n");

const started: { upstream: ScriptedUpstream; gateway: TestGateway }[] = [];

/** A scripted server and a gateway in front of it (model `m`), once the gateway has asked for the window. */
async function serve(
  server: Omit<WindowServerOptions, "model">,
  modelKeys: Record<string, string> = {},
): Promise<{ upstream: ScriptedUpstream; gateway: TestGateway }> {
  const upstream = await startScriptedUpstream(windowScript({ model: "m", ...server }));
  const gateway = await startTestGateway(
    `models:\n${modelYaml("m", upstream.baseUrl, { model: modelKeys })}\n`,
    {
      learnContextWindows: true,
    },
  );
  await gateway.gateway.contextWindows();
  started.push({ upstream, gateway });
  return { upstream, gateway };
}

afterAll(async () => {
  for (const { upstream, gateway } of started) {
    await gateway.close();
    await upstream.close();
  }
});

/** Claude Code's main-loop request with its default budget: its tools, its system prompt, CLAUDE.md. */
function claudeCodeRequest(stream: boolean, context = CLAUDE_MD): Record<string, unknown> {
  const messages = [
    {
      role: "user" as const,
      content: [
        { type: "text" as const, text: systemReminder(`Contents of /home/dev/app/CLAUDE.md:\n${context}`) },
        { type: "text" as const, text: "Why does the build fail?" },
      ],
    },
  ];
  return {
    ...claudeCodeMessagesRequest(messages, { thinking: false }),
    model: "m",
    max_tokens: 128_000,
    stream,
  };
}

/** The same prompt as an OpenAI Chat Completions client sends it. */
function chatRequest(stream: boolean, context = CLAUDE_MD): Record<string, unknown> {
  return {
    model: "m",
    stream,
    max_completion_tokens: 128_000,
    messages: [
      { role: "system", content: "You are a coding agent." },
      { role: "user", content: `Contents of CLAUDE.md:\n${context}\n\nWhy does the build fail?` },
    ],
    tools: claudeCodeSessionTools.map((tool) => ({
      type: "function",
      function: { name: tool.name, description: tool.description, parameters: tool.input_schema },
    })),
  };
}

/** And as Codex sends it to /v1/responses. */
function responsesRequest(stream: boolean, context = CLAUDE_MD): Record<string, unknown> {
  return {
    model: "m",
    stream,
    store: false,
    max_output_tokens: 128_000,
    instructions: "You are a coding agent.",
    input: [
      {
        type: "message",
        role: "user",
        content: [
          { type: "input_text", text: `Contents of CLAUDE.md:\n${context}\n\nWhy does the build fail?` },
        ],
      },
    ],
    tools: claudeCodeSessionTools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: tool.input_schema,
      strict: false,
    })),
  };
}

const ROUTES = [
  { path: "/v1/messages", body: claudeCodeRequest },
  { path: "/v1/chat/completions", body: chatRequest },
  { path: "/v1/responses", body: responsesRequest },
] as const;

/** The text the client got, whichever route and form: the answer must have arrived whole. */
async function answerText(response: Response, stream: boolean): Promise<string> {
  const text = await response.text();
  if (stream) {
    const events = text
      .split("\n")
      .filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice("data: ".length)) as Record<string, never>);
    return events
      .map((event: { type?: string; delta?: unknown; choices?: { delta?: { content?: string } }[] }) => {
        if (event.type === "content_block_delta") return (event.delta as { text?: string }).text ?? "";
        if (event.type === "response.output_text.delta") return String(event.delta);
        return event.choices?.[0]?.delta?.content ?? "";
      })
      .join("");
  }
  const json = JSON.parse(text) as {
    content?: { text?: string }[];
    choices?: { message: { content: string } }[];
    output?: { content?: { text?: string }[] }[];
  };
  return (
    json.content?.[0]?.text ??
    json.choices?.[0]?.message.content ??
    json.output?.flatMap((item) => item.content ?? []).map((part) => part.text)[0] ??
    ""
  );
}

/** The request log line of the request with `requestId`, once written. */
async function logLine(gateway: TestGateway, response: Response): Promise<Record<string, unknown>> {
  const id = response.headers.get("request-id");
  const find = () => gateway.requestLines().find((line) => line.requestId === id);
  await waitUntil(() => find() !== undefined, 30_000, "the request's log line");
  return find() ?? {};
}

describe("a 64k vLLM (max_model_len in /v1/models, /tokenize) serves Claude Code's default budget", () => {
  let server: { upstream: ScriptedUpstream; gateway: TestGateway };
  beforeAll(async () => {
    server = await serve({ window: WINDOW, reports: "models", tokenize: true });
  });

  it("learns the window and lists it as max_model_len in both /v1/models shapes", async () => {
    const { origin } = server.gateway;
    const openai = (await (await fetch(`${origin}/v1/models`)).json()) as { data: unknown[] };
    expect(openai.data).toEqual([
      expect.objectContaining({ id: "m", object: "model", max_model_len: WINDOW }),
    ]);
    const anthropic = (await (
      await fetch(`${origin}/v1/models`, { headers: { "anthropic-version": "2023-06-01" } })
    ).json()) as { data: unknown[] };
    expect(anthropic.data).toEqual([
      expect.objectContaining({ id: "m", type: "model", max_model_len: WINDOW }),
    ]);
  });

  for (const { path, body } of ROUTES) {
    for (const stream of [true, false]) {
      it(`${path}, ${stream ? "streamed" : "not streamed"}: one upstream call, max_tokens fitted to the counted prompt`, async () => {
        const before = chatRequests(server.upstream.requests).length;
        const response = await post(server.gateway.origin, path, body(stream));
        expect(response.status).toBe(200);
        expect(await answerText(response, stream)).toBe("It fits.");

        const sent = chatRequests(server.upstream.requests).slice(before);
        expect(sent).toHaveLength(1);
        const prompt = scriptedPromptTokens(sent[0]?.body ?? {});
        // The prompt is Claude Code's size: the budget it asks for never fitted this window.
        expect(prompt).toBeGreaterThan(15_000);
        expect(prompt).toBeLessThan(30_000);
        expect(sent[0]?.body.max_tokens).toBe(WINDOW - prompt - MARGIN);
        expect((await logLine(server.gateway, response)).outputBudget).toEqual({
          asked: 128_000,
          sent: WINDOW - prompt - MARGIN,
          window: WINDOW,
          promptTokens: prompt,
          measuredBy: "tokenize",
        });
      });
    }
  }

  it("leaves a budget that fits as it is, without counting the prompt", async () => {
    const before = server.upstream.requests.length;
    const response = await post(server.gateway.origin, "/v1/messages", {
      ...claudeCodeRequest(false, "short"),
      max_tokens: 4096,
    });
    expect(response.status).toBe(200);
    const calls = server.upstream.requests.slice(before);
    expect(calls.map((call) => call.path)).toEqual(["/v1/chat/completions"]);
    expect(calls[0]?.body.max_tokens).toBe(4096);
    expect((await logLine(server.gateway, response)).outputBudget).toBeUndefined();
  });

  it("a prompt alone over the window is `prompt is too long: N tokens > M maximum` (Anthropic and OpenAI shapes)", async () => {
    const huge = CLAUDE_MD.repeat(6);
    const anthropic = await post(server.gateway.origin, "/v1/messages", claudeCodeRequest(true, huge));
    expect(anthropic.status).toBe(400);
    const error = ((await anthropic.json()) as { error: { type: string; message: string } }).error;
    expect(error.type).toBe("invalid_request_error");
    const [, tokens] = /^prompt is too long: (\d+) tokens > 65536 maximum$/.exec(error.message) ?? [];
    expect(Number(tokens)).toBeGreaterThan(WINDOW);

    const openai = await post(server.gateway.origin, "/v1/chat/completions", chatRequest(false, huge));
    expect(openai.status).toBe(400);
    const body = (await openai.json()) as { error: { type: string; code: string; message: string } };
    expect(body.error).toMatchObject({ type: "invalid_request_error", code: "context_length_exceeded" });
    expect(body.error.message).toMatch(/^prompt is too long: \d+ tokens > 65536 maximum/);
  });
});

describe("servers that count or report differently", () => {
  it("without /tokenize the prompt is estimated, on the safe side, and the request fits at once", async () => {
    const { upstream, gateway } = await serve({ window: WINDOW, reports: "models", tokenize: false });
    for (const { path, body } of ROUTES) {
      const before = chatRequests(upstream.requests).length;
      const response = await post(gateway.origin, path, body(false));
      expect(response.status, path).toBe(200);
      const sent = chatRequests(upstream.requests).slice(before);
      expect(sent, path).toHaveLength(1);
      const maxTokens = sent[0]?.body.max_tokens as number;
      expect(maxTokens).toBeLessThan(WINDOW - scriptedPromptTokens(sent[0]?.body ?? {}));
      expect(maxTokens).toBeGreaterThan(16_000);
      expect((await logLine(gateway, response)).outputBudget).toMatchObject({ measuredBy: "estimate" });
    }
  });

  it("a refused budget is sent once more with the budget the refusal states", async () => {
    // One byte a token (digit runs): the gateway's estimate counts too few, so the server refuses.
    const { upstream, gateway } = await serve({
      window: WINDOW,
      reports: "models",
      tokenize: false,
      bytesPerToken: 1,
    });
    const context = CLAUDE_MD.slice(0, 20_000);
    for (const { path, body } of ROUTES) {
      for (const stream of [true, false]) {
        const before = chatRequests(upstream.requests).length;
        const response = await post(gateway.origin, path, body(stream, context));
        expect(response.status, path).toBe(200);
        expect(await answerText(response, stream)).toBe("It fits.");
        const [refused, retried, ...more] = chatRequests(upstream.requests).slice(before);
        expect(more).toEqual([]);
        const prompt = scriptedPromptTokens(refused?.body ?? {}, 1);
        expect(prompt + (refused?.body.max_tokens as number)).toBeGreaterThan(WINDOW);
        expect(retried?.body.max_tokens).toBe(WINDOW - prompt);
        expect({ ...retried?.body, max_tokens: 0 }).toEqual({ ...refused?.body, max_tokens: 0 });
        expect((await logLine(gateway, response)).outputBudget).toMatchObject({
          asked: 128_000,
          sent: WINDOW - prompt,
          window: WINDOW,
          promptTokens: prompt,
          measuredBy: "refusal",
          retried: true,
        });
      }
    }
  });

  it("a server that reports nothing but refuses: retried once, and its stated window is kept for the next requests", async () => {
    const { upstream, gateway } = await serve({ window: WINDOW, reports: "nothing", tokenize: true });
    expect((await gateway.gateway.contextWindows()).get("m")).toBeUndefined();

    const first = await post(gateway.origin, "/v1/messages", claudeCodeRequest(false));
    expect(first.status).toBe(200);
    const [refused, retried] = chatRequests(upstream.requests);
    expect(refused?.body.max_tokens).toBe(128_000);
    expect(retried?.body.max_tokens).toBe(WINDOW - scriptedPromptTokens(refused?.body ?? {}));

    const second = await post(gateway.origin, "/v1/chat/completions", chatRequest(false));
    expect(second.status).toBe(200);
    expect(chatRequests(upstream.requests)).toHaveLength(3);
    const models = (await (await fetch(`${gateway.origin}/v1/models`)).json()) as { data: unknown[] };
    expect(models.data).toEqual([expect.objectContaining({ max_model_len: WINDOW })]);
  });

  it("a server that says nothing and refuses nothing gets the budget as before", async () => {
    const { upstream, gateway } = await serve({ window: 1_000_000, reports: "nothing", tokenize: true });
    const response = await post(gateway.origin, "/v1/messages", claudeCodeRequest(true));
    expect(response.status).toBe(200);
    await response.text();
    expect(chatRequests(upstream.requests).map((request) => request.body.max_tokens)).toEqual([128_000]);
    expect(upstream.requests.some((request) => request.path === "/tokenize")).toBe(false);
    const models = (await (await fetch(`${gateway.origin}/v1/models`)).json()) as { data: object[] };
    expect(models.data[0]).not.toHaveProperty("max_model_len");
  });

  it("max_output_tokens still caps, below what the window leaves or above it", async () => {
    const capped = await serve(
      { window: WINDOW, reports: "models", tokenize: true },
      { max_output_tokens: "8192" },
    );
    expect((await post(capped.gateway.origin, "/v1/messages", claudeCodeRequest(false))).status).toBe(200);
    expect(chatRequests(capped.upstream.requests)[0]?.body.max_tokens).toBe(8192);

    const loose = await serve(
      { window: WINDOW, reports: "models", tokenize: true },
      { max_output_tokens: "60000" },
    );
    const response = await post(loose.gateway.origin, "/v1/messages", claudeCodeRequest(false));
    expect(response.status).toBe(200);
    const [sent] = chatRequests(loose.upstream.requests);
    expect(sent?.body.max_tokens).toBe(WINDOW - scriptedPromptTokens(sent?.body ?? {}) - MARGIN);
    expect((await logLine(loose.gateway, response)).outputBudget).toMatchObject({ asked: 60_000 });
  });

  it("context_window in the config is used as set, and the server is not asked", async () => {
    const { upstream, gateway } = await serve(
      { window: WINDOW, reports: "models", tokenize: true },
      { context_window: "32768" },
    );
    expect((await gateway.gateway.contextWindows()).get("m")).toEqual({
      tokens: 32_768,
      source: "context_window in the config",
    });
    expect(upstream.requests.filter((request) => request.method === "GET")).toEqual([]);
    const response = await post(
      gateway.origin,
      "/v1/messages",
      claudeCodeRequest(false, CLAUDE_MD.slice(0, 20_000)),
    );
    expect(response.status).toBe(200);
    const [sent] = chatRequests(upstream.requests);
    expect(sent?.body.max_tokens).toBe(32_768 - scriptedPromptTokens(sent?.body ?? {}) - MARGIN);
  });
});
