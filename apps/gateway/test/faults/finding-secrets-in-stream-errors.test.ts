import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ScriptedReply,
  type ScriptedUpstream,
  startScriptedUpstream,
} from "../server/scripted-upstream";
import {
  messagesRequest,
  modelYaml,
  parseSseText,
  post,
  startTestGateway,
  type TestGateway,
} from "../server/test-gateway";

// An upstream that echoes the gateway's key (and a header secret) in errors it sends inside an HTTP 200.
const UPSTREAM_KEY = "sk-upstream-secret-9c1e77";
const HEADER_SECRET = "tenant-secret-55aa91";
const echoed = `invalid key ${UPSTREAM_KEY} for tenant ${HEADER_SECRET} (Authorization: Bearer ${UPSTREAM_KEY})`;

const firstChunk = JSON.stringify({
  id: "c",
  object: "chat.completion.chunk",
  choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }],
});

const replies = new Map<string, ScriptedReply>([
  // An SSE `error` chunk after some content.
  ["sse-error", { payloads: [firstChunk, JSON.stringify({ error: { message: echoed, code: 500 } })] }],
  // A JSON `{"error": …}` body with status 200 (a proxy in front of the server).
  ["json-error", { body: JSON.stringify({ error: { message: echoed, type: "AuthenticationError" } }) }],
  // A data line that is not JSON, with the key where the decoder's 200-character excerpt of it ends.
  ["cut-line", { raw: [`data: ${"x".repeat(180)} ${UPSTREAM_KEY}\n\n`] }],
  // An error chunk with a megabyte of text.
  [
    "huge-error",
    { payloads: [JSON.stringify({ error: { message: `${"x".repeat(1 << 20)} ${UPSTREAM_KEY}` } })] },
  ],
]);

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(
    (request) => replies.get(String(request.body.model)) ?? { status: 404 },
  );
  const secrets = { api_key: UPSTREAM_KEY, headers: `{x-tenant: ${HEADER_SECRET}}` };
  gateway = await startTestGateway(
    `models:\n${[...replies.keys()].map((name) => modelYaml(name, upstream.baseUrl, { upstream: secrets })).join("")}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe("finding 1: secrets in upstream errors inside an HTTP 200 are scrubbed and bounded", () => {
  it.each(["sse-error", "json-error"])("%s: streaming, the error event carries no secret", async (model) => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest(model, { stream: true }));
    const stream = parseSseText(await response.text());
    const last = stream.events.at(-1);
    expect(last?.type).toBe("error");
    expect(stream.text).toContain("invalid key [redacted]");
    expect(stream.text).not.toContain(UPSTREAM_KEY);
    expect(stream.text).not.toContain(HEADER_SECRET);
  });

  it.each(["sse-error", "json-error"])(
    "%s: not streaming, the error body carries no secret",
    async (model) => {
      const response = await post(gateway.origin, "/v1/messages", messagesRequest(model));
      const text = await response.text();
      expect(response.status).toBeGreaterThanOrEqual(500);
      expect(text).toContain("[redacted]");
      expect(text).not.toContain(UPSTREAM_KEY);
      expect(text).not.toContain(HEADER_SECRET);
    },
  );

  it("bounds the message of an upstream error chunk", async () => {
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("huge-error", { stream: true }),
    );
    const last = parseSseText(await response.text()).events.at(-1);
    expect(last?.type).toBe("error");
    const message = last?.type === "error" ? last.error.message : "";
    expect(message.length).toBeLessThanOrEqual(2001);
  });

  it("keeps no beginning of a key an excerpt of the upstream's text cuts through", async () => {
    for (const stream of [true, false]) {
      const response = await post(gateway.origin, "/v1/messages", messagesRequest("cut-line", { stream }));
      const text = await response.text();
      expect(text).toContain("not JSON");
      expect(text).not.toContain(UPSTREAM_KEY.slice(0, 6));
    }
    expect(gateway.logText()).not.toContain(UPSTREAM_KEY.slice(0, 6));
  });

  it("keeps every secret out of the log too", async () => {
    for (const model of replies.keys()) {
      await (await post(gateway.origin, "/v1/messages", messagesRequest(model, { stream: true }))).text();
    }
    const log = gateway.logText();
    expect(log).not.toContain(UPSTREAM_KEY);
    expect(log).not.toContain(HEADER_SECRET);
    expect(log.length).toBeLessThan(100_000);
  });
});
