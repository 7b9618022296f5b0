import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, parseSseText, post, startTestGateway } from "../server/test-gateway";
import { waitUntil, within } from "../server/wait-until";

const firstChunk = JSON.stringify({
  id: "c",
  object: "chat.completion.chunk",
  choices: [
    { index: 0, delta: { role: "assistant", content: "Thinking of an answer" }, finish_reason: null },
  ],
});

let upstream: ScriptedUpstream;
// An upstream that sends its headers and one chunk, then nothing, ever (no timer keeps it going).
let neverEnding: Server;
let neverEndingUrl: string;
const openResponses: ServerResponse[] = [];

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ hang: true }));
  neverEnding = createServer((request, response) => {
    request.resume();
    openResponses.push(response);
    response.writeHead(200, { "content-type": "text/event-stream" });
    response.write(`data: ${firstChunk}\n\n`);
  });
  await new Promise<void>((resolve) => neverEnding.listen(0, "127.0.0.1", resolve));
  neverEndingUrl = `http://127.0.0.1:${(neverEnding.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  for (const response of openResponses) response.destroy();
  await new Promise((resolve) => neverEnding?.close(resolve));
  await upstream?.close();
});

const DRAIN_MS = 300;
// Generous for a loaded machine: close() resolves a moment after DRAIN_MS, or never (the bugs).
const HANG_MS = 30_000;
const config = () =>
  `server:\n  drain_timeout_ms: ${DRAIN_MS}\nmodels:\n${modelYaml("never-ends", neverEndingUrl)}${modelYaml(
    "no-headers",
    upstream.baseUrl,
  )}`;

describe("finding 6: shutdown drains for at most server.drain_timeout_ms", () => {
  it("ends a stream to an upstream that never ends with an error event, and close() resolves", async () => {
    const gateway = await startTestGateway(config());
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("never-ends", { stream: true }),
    );
    expect(response.status).toBe(200);
    const text = response.text();
    const startedAt = Date.now();
    await within(gateway.gateway.close(), HANG_MS, "close()");
    const events = parseSseText(await within(text, HANG_MS, "the stream's end")).events;
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(DRAIN_MS - 20);
    expect(events.at(-1)).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "the gateway is shutting down; retry the request" },
    });
    expect(events.some((event) => event.type === "content_block_delta")).toBe(true);
  });

  it("answers 529 to a request still waiting for the upstream's headers", async () => {
    const gateway = await startTestGateway(config());
    const before = upstream.requestsFor("no-headers").length;
    const pending = post(gateway.origin, "/v1/messages", messagesRequest("no-headers"));
    await waitUntil(
      () => upstream.requestsFor("no-headers").length > before,
      HANG_MS,
      "the request reaching the upstream",
    );
    await within(gateway.gateway.close(), HANG_MS, "close()");
    const response = await within(pending, HANG_MS, "the answer");
    expect(response.status).toBe(529);
    expect(response.headers.get("x-should-retry")).toBe("true");
    expect(await response.json()).toMatchObject({
      error: { message: expect.stringContaining("shutting down") },
    });
  });

  it("does not wait for a client trickling its request body", async () => {
    const gateway = await startTestGateway(config());
    const arrived = new Promise((resolve) => gateway.gateway.server.once("request", resolve));
    const socket = net.connect(Number(new URL(gateway.origin).port), "127.0.0.1");
    socket.on("error", () => undefined);
    socket.write(
      "POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{",
    );
    const trickle = setInterval(() => socket.write(" "), 50);
    try {
      // The gateway has the request's headers and is reading its body, a byte every 50 ms.
      await within(arrived, HANG_MS, "the request's headers");
      // It would trickle for good: only a close() that does not wait for it resolves.
      await within(gateway.gateway.close(), HANG_MS, "close() with a trickling client");
    } finally {
      clearInterval(trickle);
      socket.destroy();
    }
  });
});
