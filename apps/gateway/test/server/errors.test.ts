import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusedOrigin } from "../upstream/local-server";
import {
  readChunks,
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "./scripted-upstream";
import {
  messagesRequest,
  modelYaml,
  parseSseText,
  post,
  readJson,
  startTestGateway,
  type TestGateway,
} from "./test-gateway";

const UPSTREAM_KEY = "sk-upstream-secret-4f9a1c";
const plainText = readChunks("plain-text");

// vLLM's 400 for a prompt over the context window (older wording with both numbers).
const VLLM_OVERFLOW = JSON.stringify({
  object: "error",
  message:
    "This model's maximum context length is 32768 tokens. However, you requested 41000 tokens (40000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.",
  type: "BadRequestError",
  param: null,
  code: 400,
});

/** What each upstream model answers (the config names every model after its upstream model). */
const replies = new Map<string, ScriptedReply>([
  ["ok", { payloads: plainText }],
  ["overflow", { status: 400, body: VLLM_OVERFLOW }],
  ["unauthorized", { status: 401, body: JSON.stringify({ error: { message: `bad key ${UPSTREAM_KEY}` } }) }],
  ["forbidden", { status: 403, body: `{"detail":"Bearer ${UPSTREAM_KEY} may not use this model"}` }],
  [
    "rate-limited",
    { status: 429, headers: { "retry-after": "7" }, body: '{"error":{"message":"slow down"}}' },
  ],
  ["overloaded", { status: 503, body: '{"error":{"message":"no free KV cache blocks"}}' }],
  ["crashing", { status: 500, body: '{"error":{"message":"engine died"}}' }],
  ["silent", { hang: true }],
  ["cut", { payloads: plainText, cutAfter: 3 }],
  ["error-chunk", { payloads: readChunks("error-chunk-mid-stream") }],
]);

let upstream: ScriptedUpstream;
let refusedBaseUrl: string;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(
    (request) => replies.get(String(request.body.model)) ?? { status: 404 },
  );
  refusedBaseUrl = `${refusedOrigin()}/v1`;
  const key = { api_key: UPSTREAM_KEY };
  gateway = await startTestGateway(
    `server:\n  max_body_bytes: 2048\nmodels:\n${[...replies.keys()]
      .map((name) =>
        modelYaml(name, upstream.baseUrl, {
          upstream: name === "silent" ? { ...key, idle_timeout_ms: "200" } : key,
        }),
      )
      .join("")}${modelYaml("refused", refusedBaseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

interface ErrorReply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: { type: string; error: { type: string; message: string }; request_id: string };
  readonly text: string;
}

async function errorReply(response: Response): Promise<ErrorReply> {
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text), text };
}

async function expectError(
  response: Response,
  status: number,
  type: string,
  message?: string | RegExp,
): Promise<ErrorReply> {
  const reply = await errorReply(response);
  expect(reply.status).toBe(status);
  expect(reply.headers.get("content-type")).toBe("application/json");
  expect(reply.body.type).toBe("error");
  expect(reply.body.error.type).toBe(type);
  if (message !== undefined) expect(reply.body.error.message).toMatch(message);
  // docs/http-api.md §5: every response carries request-id, every error body the same request_id.
  expect(reply.headers.get("request-id")).toMatch(/^req_[A-Za-z0-9_-]{10,}$/);
  expect(reply.body.request_id).toBe(reply.headers.get("request-id"));
  return reply;
}

describe("request errors (docs/http-api.md §5)", () => {
  it("answers 400 invalid_request_error for a body that is not JSON", async () => {
    const response = await post(gateway.origin, "/v1/messages", '{"model": "ok", "max_tokens": ');
    await expectError(response, 400, "invalid_request_error", /not valid JSON/);
  });

  it("answers 400 naming the field for a schema violation", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("ok", { max_tokens: "lots" }),
    );
    await expectError(response, 400, "invalid_request_error", /max_tokens/);
    const missing = await post(gateway.origin, "/v1/messages", { model: "ok", max_tokens: 10 });
    await expectError(missing, 400, "invalid_request_error", /messages/);
  });

  it("accepts unknown fields and block types", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("ok", {
        context_management: { edits: [] },
        messages: [{ role: "user", content: [{ type: "text", text: "Hi" }, { type: "mystery_block" }] }],
      }),
    );
    expect(response.status).toBe(200);
    expect((await readJson<{ content: unknown }>(response)).content).toEqual([
      { type: "text", text: "Hello from the scripted upstream." },
    ]);
  });

  it("answers 404 not_found_error naming an unknown model", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("gpt-7-ultra"));
    await expectError(response, 404, "not_found_error", /gpt-7-ultra/);
    expect(upstream.requestsFor("gpt-7-ultra")).toHaveLength(0);
  });

  it("answers 413 request_too_large for a body over max_body_bytes, declared or streamed", async () => {
    const big = messagesRequest("ok", { messages: [{ role: "user", content: "x".repeat(4096) }] });
    const declared = await post(gateway.origin, "/v1/messages", big);
    await expectError(declared, 413, "request_too_large", /2048 bytes/);

    // No content-length: the gateway counts while reading and stops at the limit.
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const chunked = await fetch(`${gateway.origin}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let index = 0; index < bytes.length; index += 512)
            controller.enqueue(bytes.slice(index, index + 512));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    await expectError(chunked, 413, "request_too_large");
  });
});

describe("upstream errors before the first byte (docs/http-api.md §5)", () => {
  it("keeps Anthropic's wording for an upstream context overflow: 400 `prompt is too long: …`", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("overflow", { stream: true }),
    );
    await expectError(
      response,
      400,
      "invalid_request_error",
      /^prompt is too long: 40000 tokens > 32768 maximum$/,
    );
  });

  it.each([
    ["unauthorized", 401],
    ["forbidden", 403],
  ])("maps an upstream %s (%i) to 502 api_error without echoing the upstream key", async (model) => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest(model, { stream: true }));
    const reply = await expectError(response, 502, "api_error");
    expect(reply.text).not.toContain(UPSTREAM_KEY);
    expect(upstream.requestsFor(model)[0]?.headers.authorization).toBe(`Bearer ${UPSTREAM_KEY}`);
  });

  it("passes an upstream 429 on with its retry-after", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("rate-limited"));
    const reply = await expectError(response, 429, "rate_limit_error", /slow down/);
    expect(reply.headers.get("retry-after")).toBe("7");
  });

  it("maps an upstream 503 to 529 overloaded_error", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("overloaded", { stream: true }),
    );
    await expectError(response, 529, "overloaded_error", /no free KV cache blocks/);
  });

  it("maps an upstream 500 to 502 api_error", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("crashing", { stream: true }),
    );
    await expectError(response, 502, "api_error", /engine died/);
  });

  it("maps a refused connection to 502 api_error", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("refused", { stream: true }));
    await expectError(response, 502, "api_error");
  });

  it("maps a timeout before the first byte to 504 timeout_error", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("silent", { stream: true }));
    await expectError(response, 504, "timeout_error", /idle_timeout_ms/);
  });
});

describe("failures after the stream started", () => {
  it("ends an SSE stream cut by the network with `event: error`, then ends the response", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("cut", { stream: true }));
    expect(response.status).toBe(200);
    const stream = parseSseText(await response.text());
    const last = stream.messages[stream.messages.length - 1];
    expect(stream.messages[0]?.event).toBe("message_start");
    expect(last?.event).toBe("error");
    expect(last?.data).toMatchObject({ type: "error", error: { type: "api_error" } });
    expect(stream.events.some((event) => event.type === "message_stop")).toBe(false);
  });

  it("ends an SSE stream with `event: error` when the upstream sends an error chunk", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("error-chunk", { stream: true }),
    );
    const stream = parseSseText(await response.text());
    expect(stream.messages.map((message) => message.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "error",
    ]);
    expect(stream.messages[4]?.data).toMatchObject({
      error: { message: expect.stringMatching(/engine crashed/) },
    });
  });

  it("answers a non-streaming request whose stream was cut with the error's status: 502 api_error", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("cut"));
    await expectError(response, 502, "api_error");
    const chunk = await post(gateway.origin, "/v1/messages", messagesRequest("error-chunk"));
    await expectError(chunk, 502, "api_error", /engine crashed/);
  });
});
