import { parseSse } from "@sluice/pipeline/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedUpstream, startScriptedUpstream } from "./scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "./test-gateway";
import { waitUntil, within } from "./wait-until";

// A model that thinks forever, 1000 characters a chunk, as fast as the gateway reads.
const thinkingChunk = JSON.stringify({
  id: "chatcmpl-long",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: { reasoning_content: "x".repeat(1000) }, finish_reason: null }],
});
const MAX_ANSWER_BYTES = 20_000;

let upstream: ScriptedUpstream;
let gateway: TestGateway;
let tight: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ endless: () => thinkingChunk }));
  gateway = await startTestGateway(
    `server:\n  max_answer_bytes: ${MAX_ANSWER_BYTES}\nmodels:\n${modelYaml("m", upstream.baseUrl)}`,
  );
  // Room for the request body and little more: the answer is what passes the in-flight budget.
  tight = await startTestGateway(
    `server:\n  max_inflight_body_bytes: 8192\nmodels:\n${modelYaml("m", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await tight?.close();
  await upstream?.close();
});

const bodies: ReadonlyMap<string, (stream: boolean) => Record<string, unknown>> = new Map([
  [
    "/v1/messages",
    (stream: boolean) => messagesRequest("m", { stream, thinking: { type: "enabled", budget_tokens: 1024 } }),
  ],
  [
    "/v1/chat/completions",
    (stream: boolean) => ({ model: "m", stream, messages: [{ role: "user", content: "Think." }] }),
  ],
  ["/v1/responses", (stream: boolean) => ({ model: "m", stream, input: "Think." })],
]);

/** Posts, and waits until the upstream has seen the request's socket close (the gateway cut it). */
async function askAndCut(origin: string, path: string, stream: boolean) {
  const before = upstream.requestsFor("m").length;
  const response = await post(origin, path, (bodies.get(path) as (stream: boolean) => unknown)(stream));
  const text = await within(response.text(), 30_000, `the answer to ${path}`);
  const request = upstream.requestsFor("m")[before];
  if (request === undefined) throw new Error("the upstream got no request");
  await within(request.socketClosed, 30_000, "the upstream request cut");
  return { response, text };
}

describe("server.max_answer_bytes: an answer held whole is bounded", () => {
  it.each([...bodies.keys()])(
    "%s, stream: false: 502 that says why and is not retried, and the upstream request is cut",
    async (path) => {
      const { response, text } = await askAndCut(gateway.origin, path, false);
      expect(response.status).toBe(502);
      expect(response.headers.get("x-should-retry")).toBe("false");
      expect(text).toContain(`The answer passed ${MAX_ANSWER_BYTES} bytes`);
      expect(text).toContain("server.max_answer_bytes");
      expect(text).toContain(path === "/v1/responses" ? "max_output_tokens" : "stream: true");
      // The shape of the route's errors: Anthropic's, or OpenAI's.
      const body = JSON.parse(text) as { type?: string; error: { type: string } };
      expect(body.error.type).toBe(path === "/v1/messages" ? "api_error" : "server_error");
    },
  );

  it("/v1/responses, stream: true: the stream ends with error and response.failed, and the upstream request is cut", async () => {
    const { response, text } = await askAndCut(gateway.origin, "/v1/responses", true);
    expect(response.status).toBe(200);
    const events = parseSse(text).map((message) => message.data as { type: string; response?: unknown });
    expect(events.map((event) => event.type).slice(-2)).toEqual(["error", "response.failed"]);
    expect(text).toContain("server.max_answer_bytes");
    // What was held stayed within the limit: every reasoning delta that went out together.
    const streamed = events
      .filter((event) => event.type === "response.reasoning_text.delta")
      .reduce((sum, event) => sum + ((event as unknown as { delta: string }).delta.length ?? 0), 0);
    expect(streamed).toBeLessThanOrEqual(MAX_ANSWER_BYTES);
  });

  it.each(["/v1/messages", "/v1/chat/completions"])(
    "%s, stream: true: a stream is passed on, not held, so it goes past the limit",
    async (path) => {
      const controller = new AbortController();
      const response = await post(
        gateway.origin,
        path,
        (bodies.get(path) as (stream: boolean) => unknown)(true),
        {},
        controller.signal,
      );
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      let received = 0;
      while (received < 10 * MAX_ANSWER_BYTES) {
        const chunk = await within(reader.read(), 30_000, "the stream");
        if (chunk.done) throw new Error("the stream ended");
        received += chunk.value.byteLength;
      }
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  );

  it("counts the answer in server.max_inflight_body_bytes: past it, 529 to retry, and the budget is given back", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const { response, text } = await askAndCut(tight.origin, "/v1/messages", false);
      expect(response.status).toBe(529);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(response.headers.get("x-should-retry")).toBe("true");
      expect(text).toContain("server.max_inflight_body_bytes");
      // The body's and the answer's bytes are given back when the exchange ends.
      await waitUntil(() => tight.gateway.bodyBudget.inUse === 0, 30_000, "the budget given back");
    }
  });
});
