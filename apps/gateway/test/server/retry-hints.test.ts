import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";

const UPSTREAM_KEY = "sk-upstream-secret-77d2";

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream((request) => {
    // A base_url without /v1: vLLM has no /chat/completions at its root.
    if (request.path === "/chat/completions") return { status: 404, body: '{"detail":"Not Found"}' };
    switch (request.body.model) {
      case "wrong-key":
        return { status: 401, body: `{"error":{"message":"invalid key ${UPSTREAM_KEY}"}}` };
      case "busy":
        return { status: 503, headers: { "retry-after": "0" }, body: '{"error":{"message":"busy"}}' };
      default:
        return { status: 404, body: '{"error":{"message":"The model `missing` does not exist."}}' };
    }
  });
  const root = upstream.baseUrl.replace(/\/v1$/, "");
  const key = { api_key: UPSTREAM_KEY };
  gateway = await startTestGateway(
    `server:\n  api_keys: [client-key]\nmodels:\n${modelYaml("no-v1", root, { upstream: key })}${modelYaml(
      "wrong-key",
      upstream.baseUrl,
      { upstream: key },
    )}${modelYaml("busy", upstream.baseUrl)}${modelYaml("missing", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

interface SdkError {
  readonly status: number | undefined;
  readonly headers: Headers | undefined;
  /** The error body's message, as the gateway wrote it. */
  readonly message: string;
}

/** The error the SDK throws, after its own retries (it honours x-should-retry). */
async function sdkError(model: string, maxRetries = 3): Promise<SdkError> {
  const client = new Anthropic({
    apiKey: "client-key",
    baseURL: gateway.origin,
    maxRetries,
    // Per attempt; generous for a loaded machine (the answers come at once).
    timeout: 30_000,
  });
  try {
    await client.messages.create({
      model,
      max_tokens: 64,
      messages: [{ role: "user", content: "Hi" }],
    });
  } catch (error) {
    if (!(error instanceof Anthropic.APIError)) throw error;
    const body = error.error as { error?: { message?: string } } | undefined;
    return { status: error.status, headers: error.headers, message: body?.error?.message ?? "" };
  }
  throw new Error("expected an error");
}

const chatRequests = (path: string, model: string) =>
  upstream.requests.filter((request) => request.path === path && request.body.model === model);

describe("errors that say what to do (docs/http-api.md §5), through the official SDK", () => {
  it("turns an upstream 404 into 502 naming the URL called and base_url, and the SDK does not retry", async () => {
    const error = await sdkError("no-v1");
    expect(error.status).toBe(502);
    expect(error.headers?.get("x-should-retry")).toBe("false");
    expect(error.message).toContain(`${upstream.baseUrl.replace(/\/v1$/, "")}/chat/completions`);
    expect(error.message).toContain("check upstream.base_url");
    expect(error.message).toContain("/v1");
    expect(chatRequests("/chat/completions", "no-v1")).toHaveLength(1);
  });

  it("names upstream.model when the server answers 404 for the model", async () => {
    const error = await sdkError("missing");
    expect(error.status).toBe(502);
    expect(error.message).toContain('upstream.model ("missing")');
    expect(error.message).toContain("does not exist");
    expect(chatRequests("/v1/chat/completions", "missing")).toHaveLength(1);
  });

  it("does not let Claude Code retry a wrong upstream key, and never echoes it", async () => {
    const error = await sdkError("wrong-key");
    expect(error.status).toBe(502);
    expect(error.headers?.get("x-should-retry")).toBe("false");
    expect(error.message).toContain("check upstream.api_key");
    expect(error.message).not.toContain(UPSTREAM_KEY);
    expect(chatRequests("/v1/chat/completions", "wrong-key")).toHaveLength(1);
  });

  it("lets the SDK retry an overloaded upstream (529, x-should-retry: true)", async () => {
    const error = await sdkError("busy", 2);
    expect(error.status).toBe(529);
    expect(error.headers?.get("x-should-retry")).toBe("true");
    expect(chatRequests("/v1/chat/completions", "busy")).toHaveLength(3);
  });

  it.each([
    ["a wrong client key", () => post(gateway.origin, "/v1/messages", messagesRequest("busy")), 401],
    [
      "a body that is not JSON",
      () => post(gateway.origin, "/v1/messages", "{", { "x-api-key": "client-key" }),
      400,
    ],
    [
      "an unknown model",
      () => post(gateway.origin, "/v1/messages", messagesRequest("nope"), { "x-api-key": "client-key" }),
      404,
    ],
  ])("says x-should-retry: false for %s", async (_name, send, status) => {
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.headers.get("x-should-retry")).toBe("false");
    await response.text();
  });

  it("logs each upstream error at warn with the URL and without the key", async () => {
    await sdkError("wrong-key");
    const lines = gateway
      .logText()
      .split("\n")
      .filter((line) => line.includes('"upstream error"'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines[0]).toMatchObject({
      level: 40,
      upstreamUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//),
    });
    expect(gateway.logText()).not.toContain(UPSTREAM_KEY);
  });

  it("bounds an unknown model name echoed in the 404", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("m".repeat(100_000)), {
      "x-api-key": "client-key",
    });
    expect(response.status).toBe(404);
    const text = await response.text();
    expect(text.length).toBeLessThan(1000);
    expect(text).toContain("(100000 characters)");
  });
});
