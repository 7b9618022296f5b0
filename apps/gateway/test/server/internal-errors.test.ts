import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Upstream } from "../../src/upstream/upstream";
import { chatChunk } from "./chat-chunks";
import { messagesRequest, post, startTestGateway, type TestGateway } from "./test-gateway";

// What no upstream sends: a read that is not bytes makes the pipeline throw, which stands for a gateway bug.
const NOT_BYTES = 42 as unknown as Uint8Array;

/** An upstream whose answer starts well (one text delta), then gives the pipeline what breaks it. */
function breakingUpstream(): Upstream {
  return {
    send: async () => ({
      status: 200,
      headers: new Headers({ "content-type": "text/event-stream" }),
      body: (async function* () {
        yield new TextEncoder().encode(`data: ${chatChunk({ role: "assistant", content: "Hel" })}\n\n`);
        yield NOT_BYTES;
      })(),
    }),
  };
}

let gateway: TestGateway;

beforeAll(async () => {
  gateway = await startTestGateway(
    "models:\n  - name: m\n    upstream:\n      base_url: http://127.0.0.1:9/v1\n      model: m\n",
    { upstreamFor: breakingUpstream },
  );
});

afterAll(async () => {
  await gateway?.close();
});

const input = [{ role: "user", content: "Hello" }];

// A bug in the gateway is answered the way each route's clients understand, never a hung or cut socket:
// once the stream started, an error event in the surface's words; before anything was sent, a 500 in the
// route's error shape (docs/http-api.md §5).
describe("a gateway bug while an answer is relayed", () => {
  it.each([
    [
      "/v1/messages",
      messagesRequest("m", { stream: true }),
      'event: error\ndata: {"type":"error","error":{"type":"api_error","message":"internal error: ',
    ],
    [
      "/v1/chat/completions",
      { model: "m", messages: input, stream: true },
      'data: {"error":{"message":"internal error: ',
    ],
    ["/v1/responses", { model: "m", input: "Hello", stream: true }, '"type":"response.failed"'],
  ])("%s streamed: the stream ends with the surface's error event", async (path, body, errorText) => {
    const response = await post(gateway.origin, path, body);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("Hel");
    expect(text).toContain("internal error: ");
    expect(text).toContain(errorText);
  });

  it.each([
    ["/v1/messages", messagesRequest("m"), { type: "error", error: { type: "api_error" } }],
    [
      "/v1/chat/completions",
      { model: "m", messages: input },
      { error: { type: "server_error", code: "server_error" } },
    ],
    [
      "/v1/responses",
      { model: "m", input: "Hello" },
      { error: { type: "server_error", code: "server_error" } },
    ],
  ])("%s folded: a 500 in the route's error shape", async (path, body, shape) => {
    const response = await post(gateway.origin, path, body);
    expect(response.status).toBe(500);
    expect(response.headers.get("x-should-retry")).toBe("true");
    const answer = (await response.json()) as { error: { message: string } };
    expect(answer).toMatchObject(shape);
    expect(answer.error.message).toMatch(/^internal error: /);
  });
});
