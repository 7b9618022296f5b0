import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { estimateChatTokens } from "../../src/translate/estimate-chat-tokens";
import { estimateTokens } from "../../src/translate/estimate-tokens";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "./scripted-upstream";
import {
  type ErrorBody,
  messagesRequest,
  modelYaml,
  post,
  readJson,
  startTestGateway,
  type TestGateway,
} from "./test-gateway";

const plainText = readChunks("plain-text");

let upstream: ScriptedUpstream;
let gateway: TestGateway;

function script(request: { path: string; body: Record<string, unknown> }): ScriptedReply {
  if (request.path === "/tokenize") {
    // Only `exact` has vLLM's /tokenize; `estimated` answers 404 like llama.cpp or Ollama.
    return request.body.model === "exact"
      ? { body: JSON.stringify({ count: 1234, max_model_len: 32768, tokens: [] }) }
      : { status: 404, body: '{"detail":"Not Found"}' };
  }
  return { payloads: plainText };
}

beforeAll(async () => {
  upstream = await startScriptedUpstream(script);
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key-1]\nmodels:\n${modelYaml("exact", upstream.baseUrl, {
      model: { preset: "qwen3.5", aliases: '["claude-*"]' },
    })}${modelYaml("estimated", upstream.baseUrl)}`,
    { env: { SLUICE_API_KEYS: "env-key-2, env-key-3" } },
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const withKey = { "x-api-key": "client-key-1" };

describe("auth", () => {
  it("accepts x-api-key", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("estimated"), withKey);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it("accepts Authorization: Bearer", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("estimated"), {
      authorization: "Bearer client-key-1",
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });

  it("accepts every key from SLUICE_API_KEYS", async () => {
    for (const key of ["env-key-2", "env-key-3"]) {
      const response = await post(gateway.origin, "/v1/messages", messagesRequest("estimated"), {
        "x-api-key": key,
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  });

  it.each([
    ["a missing key", {}],
    ["a wrong x-api-key", { "x-api-key": "client-key-10" }],
    ["a wrong bearer token", { authorization: "Bearer client-key-" }],
    ["a key in the wrong scheme", { authorization: "Basic client-key-1" }],
  ])(
    "answers 401 authentication_error for %s, on every /v1 route, before reading the body",
    async (_, headers) => {
      const before = upstream.requests.length;
      for (const [method, path] of [
        ["POST", "/v1/messages"],
        ["POST", "/v1/messages/count_tokens?beta=true"],
        ["GET", "/v1/models"],
      ] as const) {
        const response = await fetch(`${gateway.origin}${path}`, {
          method,
          headers: { "content-type": "application/json", ...headers },
          ...(method === "POST" ? { body: "not even json" } : {}),
        });
        expect(response.status).toBe(401);
        const body = await readJson<ErrorBody>(response);
        expect(body).toMatchObject({ type: "error", error: { type: "authentication_error" } });
        expect(body.request_id).toBe(response.headers.get("request-id"));
      }
      expect(upstream.requests.length).toBe(before);
    },
  );

  it("serves /health without a key", async () => {
    const response = await fetch(`${gateway.origin}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("request-id")).toMatch(/^req_/);
  });
});

describe("routing", () => {
  it("ignores the query string: /v1/messages?beta=true", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages?beta=true",
      messagesRequest("estimated", { stream: true }),
      withKey,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(await response.text()).toContain("event: message_stop");
  });

  it("routes an alias glob (claude-*) to its model and echoes the client's model name", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("claude-sonnet-4-5-20250929"),
      withKey,
    );
    expect(response.status).toBe(200);
    const message = await readJson<{ model: string }>(response);
    expect(message.model).toBe("claude-sonnet-4-5-20250929");
    expect(upstream.requests.at(-1)?.body.model).toBe("exact");
  });

  it("answers 404 not_found_error for an unknown path", async () => {
    for (const path of ["/v2/messages", "/", "/v1/complete"]) {
      const response = await fetch(`${gateway.origin}${path}`, { headers: withKey });
      expect(response.status).toBe(404);
      const body = await readJson<ErrorBody>(response);
      expect(body).toMatchObject({ type: "error", error: { type: "not_found_error" } });
      expect(body.request_id).toBe(response.headers.get("request-id"));
    }
  });

  it("answers 405 invalid_request_error for a wrong method on a known path", async () => {
    const response = await fetch(`${gateway.origin}/v1/messages`, { headers: withKey });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    const health = await fetch(`${gateway.origin}/health`, { method: "DELETE" });
    expect(health.status).toBe(405);
    await health.arrayBuffer();
  });

  it("does not forward anthropic-version, anthropic-beta or the client key upstream", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("estimated"), {
      ...withKey,
      "anthropic-beta": "interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14",
    });
    await response.arrayBuffer();
    const headers = upstream.requests.at(-1)?.headers ?? {};
    expect(headers["anthropic-version"]).toBeUndefined();
    expect(headers["anthropic-beta"]).toBeUndefined();
    expect(headers["x-api-key"]).toBeUndefined();
    expect(JSON.stringify(headers)).not.toContain("client-key-1");
  });
});

describe("POST /v1/messages/count_tokens", () => {
  const countRequest = {
    model: "exact",
    system: "You are terse.",
    messages: [{ role: "user", content: "How many tokens is this?" }],
    tools: [{ name: "Bash", description: "Run", input_schema: { type: "object", properties: {} } }],
  };
  /** Its messages and tools as the chat request sent upstream holds them. */
  const translatedCountRequest = {
    messages: [
      { role: "system", content: "You are terse." },
      { role: "user", content: "How many tokens is this?" },
    ],
    tools: [
      {
        type: "function",
        function: { name: "Bash", description: "Run", parameters: { type: "object", properties: {} } },
      },
    ],
  };

  it("asks the upstream's /tokenize with the translated chat request when it has one", async () => {
    const response = await post(gateway.origin, "/v1/messages/count_tokens?beta=true", countRequest, withKey);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ input_tokens: 1234 });
    const tokenize = upstream.requests.filter((request) => request.path === "/tokenize").at(-1);
    expect(tokenize?.body).toEqual({
      model: "exact",
      ...translatedCountRequest,
      // The switches the chat request would carry: they change what the template renders.
      chat_template_kwargs: { preserve_thinking: true, enable_thinking: false },
    });
  });

  it("falls back to the estimate of the translated request when the upstream has no /tokenize", async () => {
    const request = { ...countRequest, model: "estimated" };
    const response = await post(gateway.origin, "/v1/messages/count_tokens", request, withKey);
    expect(response.status).toBe(200);
    // message_start's estimate for the same request: what the upstream would be sent.
    const expected = estimateChatTokens(translatedCountRequest);
    expect(await response.json()).toEqual({ input_tokens: expected });
  });

  it("never answers 404: a model no route serves gets the estimate; a bad body is 400", async () => {
    const unknown = await post(
      gateway.origin,
      "/v1/messages/count_tokens",
      { ...countRequest, model: "nope" },
      withKey,
    );
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({
      input_tokens: estimateTokens({ ...countRequest, model: "nope" } as never),
    });
    const bad = await post(gateway.origin, "/v1/messages/count_tokens", { model: "exact" }, withKey);
    expect(bad.status).toBe(400);
    expect((await readJson<ErrorBody>(bad)).error).toMatchObject({ type: "invalid_request_error" });
  });
});

describe("GET /v1/models", () => {
  it("answers the Anthropic list shape when the request has anthropic-version", async () => {
    const response = await fetch(`${gateway.origin}/v1/models`, {
      headers: { ...withKey, "anthropic-version": "2023-06-01" },
    });
    expect(response.status).toBe(200);
    const body = await readJson<{ data: { created_at: string }[] }>(response);
    expect(body).toEqual({
      data: [
        { type: "model", id: "exact", display_name: "exact", created_at: expect.any(String) },
        { type: "model", id: "estimated", display_name: "estimated", created_at: expect.any(String) },
      ],
      has_more: false,
      first_id: "exact",
      last_id: "estimated",
    });
    expect(Number.isNaN(Date.parse(body.data[0]?.created_at ?? ""))).toBe(false);
  });

  it("answers the OpenAI shape otherwise", async () => {
    const response = await fetch(`${gateway.origin}/v1/models`, {
      headers: { authorization: "Bearer env-key-2" },
    });
    expect(await response.json()).toEqual({
      object: "list",
      data: [
        { id: "exact", object: "model", created: expect.any(Number), owned_by: "sluice" },
        { id: "estimated", object: "model", created: expect.any(Number), owned_by: "sluice" },
      ],
    });
  });
});
