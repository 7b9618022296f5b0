import OpenAI, { type APIError } from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";

/** docs/http-api.md §6: what an OpenAI Chat Completions client sends reaches the upstream, and errors. */

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    const model = String(request.body.model);
    if (model === "down") return { status: 503, body: '{"error":{"message":"loading"}}' };
    if (model === "cut") return { payloads: readChunks("raw-qwen35-thinking-text-tool-call"), cutAfter: 5 };
    if (model === "error-chunk") return { payloads: readChunks("error-chunk-mid-stream") };
    return { payloads: readChunks("raw-qwen35-thinking-text-tool-call") };
  });
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key]\nmodels:\n${[
      modelYaml("qwen3.5", upstream.baseUrl, {
        model: { preset: "qwen3.5", aliases: '["gpt-*"]', max_output_tokens: "8192" },
        upstream: {
          extra_body: "{top_k: 20, chat_template_kwargs: {preserve_thinking: true}}",
          headers: "{x-tenant: team-7}",
        },
      }),
      modelYaml("deepseek-v3.1", upstream.baseUrl, { model: { preset: "deepseek-v3.1" } }),
      modelYaml("down", upstream.baseUrl, { model: { preset: "qwen3.5" } }),
      modelYaml("cut", upstream.baseUrl, { model: { preset: "qwen3.5" } }),
      modelYaml("error-chunk", upstream.baseUrl, { model: { preset: "qwen3.5" } }),
    ].join("\n")}\n`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const client = (apiKey = "client-key") =>
  new OpenAI({ apiKey, baseURL: `${gateway.origin}/v1`, maxRetries: 0 });

const bash = {
  type: "function" as const,
  function: {
    name: "Bash",
    parameters: {
      type: "object",
      properties: { command: { type: "string" }, description: { type: "string" } },
    },
  },
};

/** The upstream request the last call produced. */
const lastUpstreamBody = (): Record<string, unknown> => {
  const last = upstream.requests.at(-1);
  if (last === undefined) throw new Error("no upstream request");
  return last.body;
};

describe("POST /v1/chat/completions: the request the upstream gets", () => {
  it("is the client's, routed by alias, streamed with usage, clamped, with the model's extra_body and headers", async () => {
    await client().chat.completions.create({
      model: "gpt-4o",
      messages: [
        { role: "developer", content: "Be brief." },
        { role: "user", content: "List files." },
      ],
      tools: [bash],
      tool_choice: "auto",
      max_completion_tokens: 100000,
      temperature: 0.6,
      seed: 3,
    });
    const body = lastUpstreamBody();
    expect(body).toMatchObject({
      model: "qwen3.5",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "List files." },
      ],
      tools: [bash],
      tool_choice: "auto",
      max_tokens: 8192,
      temperature: 0.6,
      seed: 3,
      stream: true,
      stream_options: { include_usage: true },
      top_k: 20,
      chat_template_kwargs: { enable_thinking: true, preserve_thinking: true },
    });
    expect(body).not.toHaveProperty("max_completion_tokens");
    expect(upstream.requests.at(-1)?.headers["x-tenant"]).toBe("team-7");
  });

  it("thinking follows reasoning_effort, else the client's own switch, else the family's default", async () => {
    const thinkingOf = async (model: string, extra: Record<string, unknown>) => {
      await client().chat.completions.create({
        model,
        messages: [{ role: "user", content: "Hi" }],
        ...extra,
      } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);
      return lastUpstreamBody().chat_template_kwargs as Record<string, unknown>;
    };
    expect((await thinkingOf("qwen3.5", { reasoning_effort: "none" })).enable_thinking).toBe(false);
    expect((await thinkingOf("qwen3.5", { reasoning_effort: "high" })).enable_thinking).toBe(true);
    expect(
      (await thinkingOf("qwen3.5", { chat_template_kwargs: { enable_thinking: false } })).enable_thinking,
    ).toBe(false);
    expect((await thinkingOf("qwen3.5", {})).enable_thinking).toBe(true);
    expect((await thinkingOf("deepseek-v3.1", {})).thinking).toBe(false);
    expect((await thinkingOf("deepseek-v3.1", { reasoning_effort: "medium" })).thinking).toBe(true);
  });
});

describe("POST /v1/chat/completions: the answer", () => {
  it("streams reasoning_content, content and tool_calls with a call_ id, then finish_reason tool_calls and usage", async () => {
    const response = await post(
      gateway.origin,
      "/v1/chat/completions",
      {
        model: "qwen3.5",
        stream: true,
        stream_options: { include_usage: true },
        messages: [{ role: "user", content: "List files." }],
        tools: [bash],
      },
      { authorization: "Bearer client-key" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const text = await response.text();
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    const chunks = text
      .split("\n\n")
      .filter((frame) => frame.startsWith("data: {"))
      .map((frame) => JSON.parse(frame.slice("data: ".length)));
    const deltas = chunks.flatMap((chunk) => chunk.choices.map((choice: { delta: unknown }) => choice.delta));
    expect(deltas[0]).toEqual({ role: "assistant", content: "" });
    expect(deltas.some((delta) => typeof delta.reasoning_content === "string")).toBe(true);
    const call = deltas.find((delta) => delta.tool_calls !== undefined)?.tool_calls[0];
    expect(call).toMatchObject({ index: 0, id: expect.stringMatching(/^call_/), type: "function" });
    expect(call.function.name).toBe("Bash");
    const finishes = chunks.flatMap((chunk) =>
      chunk.choices.map((choice: { finish_reason: unknown }) => choice.finish_reason),
    );
    expect(finishes.filter((reason) => reason !== null)).toEqual(["tool_calls"]);
    expect(chunks.at(-1)).toMatchObject({
      choices: [],
      usage: { prompt_tokens: 412, completion_tokens: 57 },
    });
    expect(
      chunks.every((chunk) => chunk.object === "chat.completion.chunk" && chunk.model === "qwen3.5"),
    ).toBe(true);
  });

  it("a non-streaming answer is one chat.completion with the same call", async () => {
    const completion = await client().chat.completions.create({
      model: "qwen3.5",
      messages: [{ role: "user", content: "List files." }],
      tools: [bash],
    });
    expect(completion.object).toBe("chat.completion");
    expect(completion.id).toMatch(/^chatcmpl-/);
    const message = completion.choices[0]?.message as OpenAI.Chat.ChatCompletionMessage & {
      reasoning_content?: string;
    };
    expect(message.reasoning_content).toContain("I should run ls");
    expect(message.content).toContain("Let me list the files.");
    const call = message.tool_calls?.[0];
    expect(call).toMatchObject({
      type: "function",
      id: expect.stringMatching(/^call_/),
      function: { name: "Bash" },
    });
    if (call?.type !== "function") throw new Error("no function call");
    expect(JSON.parse(call.function.arguments)).toEqual({ command: "ls -la", description: "List files" });
    expect(completion.choices[0]?.finish_reason).toBe("tool_calls");
    expect(completion.usage).toMatchObject({ prompt_tokens: 412, completion_tokens: 57, total_tokens: 469 });
  });

  it("a stream that fails after the first byte ends with an error the SDK raises", async () => {
    for (const model of ["cut", "error-chunk"]) {
      const stream = await client().chat.completions.create({
        model,
        stream: true,
        messages: [{ role: "user", content: "Hi" }],
      });
      await expect(
        (async () => {
          for await (const _chunk of stream) {
            // drained
          }
        })(),
      ).rejects.toThrow(OpenAI.APIError);
    }
  });
});

describe("POST /v1/chat/completions: OpenAI-shaped errors with the Anthropic side's statuses", () => {
  it("an unknown model is 404 model_not_found", async () => {
    const error = await client()
      .chat.completions.create({ model: "nope", messages: [{ role: "user", content: "Hi" }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect((error as APIError).code).toBe("model_not_found");
    expect((error as APIError).headers?.get("x-should-retry")).toBe("false");
  });

  it("a wrong key is 401 invalid_api_key; a bad body and n=2 are 400 naming the field", async () => {
    const unauthorized = await client("wrong")
      .chat.completions.create({ model: "qwen3.5", messages: [{ role: "user", content: "Hi" }] })
      .catch((caught: unknown) => caught);
    expect(unauthorized).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((unauthorized as APIError).code).toBe("invalid_api_key");

    const response = await post(
      gateway.origin,
      "/v1/chat/completions",
      { model: "qwen3.5" },
      {
        authorization: "Bearer client-key",
      },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe("invalid_request_error");
    expect(body.error.message).toContain("messages");

    const twoChoices = await client()
      .chat.completions.create({ model: "qwen3.5", n: 2, messages: [{ role: "user", content: "Hi" }] })
      .catch((caught: unknown) => caught);
    expect(twoChoices).toBeInstanceOf(OpenAI.BadRequestError);
    expect((twoChoices as APIError).message).toContain("n=1");
  });

  it("an upstream 503 is 529 with x-should-retry: true", async () => {
    const error = await client()
      .chat.completions.create({ model: "down", messages: [{ role: "user", content: "Hi" }] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as APIError).status).toBe(529);
    expect((error as APIError).headers?.get("x-should-retry")).toBe("true");
    expect((error as APIError).type).toBe("service_unavailable_error");
  });
});
