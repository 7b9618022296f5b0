import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { checkMessageStream } from "@sluice/pipeline/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
  startTestGateway,
  type TestGateway,
} from "./test-gateway";
import { waitUntil, within } from "./wait-until";

const PING_INTERVAL_MS = 50;
const plainText = readChunks("plain-text");

/** A chat chunk carrying `content`, as vLLM streams it. */
function contentChunk(content: string): string {
  return JSON.stringify({
    id: "chatcmpl-endless",
    object: "chat.completion.chunk",
    created: 1764600000,
    model: "endless",
    choices: [{ index: 0, delta: { content }, logprobs: null, finish_reason: null }],
  });
}

const BIG_PIECE = "x".repeat(16 * 1024);

// How long a quiet upstream stays quiet: until the client has read a ping, however late that comes.
let clientSawPing: () => void = () => undefined;
const pingSeen = new Promise<void>((resolve) => {
  clientSawPing = resolve;
});

// Generous for a loaded machine: each of these is an event that comes at once, or never (a hang).
const HANG_MS = 30_000;

const replies = new Map<string, ScriptedReply>([
  // Silent after the first content chunk until the client has read a ping.
  ["pausing", { payloads: plainText, holdBefore: (index) => (index === 2 ? pingSeen : undefined) }],
  // A model that never stops: one word every 20 ms until the gateway hangs up.
  ["slow-endless", { endless: () => contentChunk("word "), delayMs: () => 20 }],
  // A model that never stops and never waits: 16 KiB of text per chunk, as fast as the gateway reads.
  ["fast-endless", { endless: () => contentChunk(BIG_PIECE) }],
  ["slow-finite", { payloads: plainText, delayMs: () => 40 }],
]);

let upstream: ScriptedUpstream;
let gateway: TestGateway;
const gatewayResponses: ServerResponse[] = [];

beforeAll(async () => {
  upstream = await startScriptedUpstream(
    (request) => replies.get(String(request.body.model)) ?? { status: 404 },
  );
  gateway = await startTestGateway(
    `models:\n${[...replies.keys()].map((name) => modelYaml(name, upstream.baseUrl)).join("")}`,
    { pingIntervalMs: PING_INTERVAL_MS },
  );
  gateway.gateway.server.on("request", (_, response: ServerResponse) => gatewayResponses.push(response));
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

describe("keep-alive pings", () => {
  it("sends `event: ping` during upstream silence and still completes the message", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("pausing", { stream: true }));
    const decoder = new TextDecoder();
    let sse = "";
    for await (const chunk of response.body as ReadableStream<Uint8Array>) {
      sse += decoder.decode(chunk, { stream: true });
      if (sse.includes("event: ping")) clientSawPing();
    }
    const stream = parseSseText(sse);
    const pings = stream.messages.filter((message) => message.event === "ping");
    expect(pings.length).toBeGreaterThanOrEqual(1);
    expect(pings.every((message) => JSON.stringify(message.data) === '{"type":"ping"}')).toBe(true);
    expect(checkMessageStream(stream.events)).toEqual([]);
    expect(stream.events.at(-1)?.type).toBe("message_stop");
    const text = stream.events
      .map((event) =>
        event.type === "content_block_delta" && event.delta.type === "text_delta" ? event.delta.text : "",
      )
      .join("");
    expect(text).toBe("Hello from the scripted upstream.");
  });
});

describe("client disconnects", () => {
  it("closes the upstream socket when a streaming client aborts", async () => {
    const controller = new AbortController();
    const response = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("slow-endless", { stream: true }),
      {},
      controller.signal,
    );
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("event: message_start");
    const upstreamRequest = upstream.requestsFor("slow-endless").at(-1)!;
    controller.abort();
    // The upstream never ends on its own: its socket closing is the gateway's doing.
    await within(upstreamRequest.socketClosed, HANG_MS, "the upstream socket closing");
    expect(upstreamRequest.completed()).toBe(false);
    await waitUntil(
      () => gateway.requestLines().some((line) => line.model === "slow-endless"),
      HANG_MS,
      "the log line",
    );
    expect(gateway.requestLines().find((line) => line.model === "slow-endless")).toMatchObject({
      status: 499,
      stream: true,
      upstreamStatus: 200,
    });
  });

  it("closes the upstream socket when a non-streaming client aborts", async () => {
    const before = upstream.requestsFor("slow-endless").length;
    const controller = new AbortController();
    const pending = post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("slow-endless"),
      {},
      controller.signal,
    );
    await waitUntil(
      () => upstream.requestsFor("slow-endless").length > before,
      HANG_MS,
      "the upstream request",
    );
    const upstreamRequest = upstream.requestsFor("slow-endless").at(-1)!;
    // The gateway is folding the answer: the upstream is streaming it.
    await waitUntil(() => upstreamRequest.progress.bytesWritten > 0, HANG_MS, "the upstream streaming");
    controller.abort();
    await expect(pending).rejects.toThrow();
    await within(upstreamRequest.socketClosed, HANG_MS, "the upstream socket closing");
  });
});

describe("backpressure", () => {
  it("stops reading the upstream while the client does not read, and buffers a bounded amount", async () => {
    const body = JSON.stringify(messagesRequest("fast-endless", { stream: true }));
    const { port } = new URL(gateway.origin);
    const clientResponse = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/v1/messages",
          method: "POST",
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        resolve,
      );
      request.on("error", reject);
      request.end(body);
    });
    try {
      // The client never attaches a data listener: it reads nothing.
      expect(clientResponse.statusCode).toBe(200);
      const upstreamRequest = upstream.requestsFor("fast-endless").at(-1)!;
      // The stream's chunks are written to the socket itself (create-chunk-writer.ts): its buffer is the gateway's.
      const gatewaySocket = gatewayResponses.at(-1)!.socket!;

      // The scripted upstream honours backpressure too: once every buffer on the way is full, its writes
      // block. Both ends blocked at once is where a gateway with backpressure stops for good.
      const { progress } = upstreamRequest;
      await waitUntil(
        () => progress.waitingForDrain && gatewaySocket.writableNeedDrain,
        HANG_MS,
        "the upstream and the gateway's response both waiting for drain",
      );
      // Then a while for a gateway that kept reading to show it: its own buffer would grow by what the
      // model writes, hundreds of MB a second here. (This waits for nothing to happen; a slow machine
      // only shortens what it sees, so no deadline can fail it.)
      await sleep(500);
      // What is in flight is bounded by socket buffers, not by how long the model talks…
      expect(progress.bytesWritten).toBeLessThan(128 * 1024 * 1024);
      // …and the gateway itself holds at most about one read's worth beyond the stream's high-water mark.
      expect(gatewaySocket.writableNeedDrain).toBe(true);
      expect(gatewaySocket.writableLength).toBeLessThan(gatewaySocket.writableHighWaterMark + 64 * 1024);
    } finally {
      clientResponse.destroy();
    }
    const upstreamRequest = upstream.requestsFor("fast-endless").at(-1)!;
    await within(upstreamRequest.socketClosed, HANG_MS, "the upstream socket closing");
  });
});

describe("draining (close)", () => {
  it("lets an open stream finish, refuses new connections, then resolves", async () => {
    const drainingGateway = await startTestGateway(`models:\n${modelYaml("slow-finite", upstream.baseUrl)}`);
    const responses: ServerResponse[] = [];
    drainingGateway.gateway.server.on("request", (_, response: ServerResponse) => responses.push(response));
    try {
      const response = await post(
        drainingGateway.origin,
        "/v1/messages",
        messagesRequest("slow-finite", { stream: true }),
      );
      const reader = response.body!.getReader();
      await reader.read();
      let streamFinishedWhenClosed: boolean | undefined;
      const closing = drainingGateway.gateway.close().then(() => {
        streamFinishedWhenClosed = responses.every((open) => open.writableFinished);
      });
      await expect(fetch(`${drainingGateway.origin}/health`)).rejects.toThrow();
      let text = "";
      const decoder = new TextDecoder();
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        text += decoder.decode(chunk.value, { stream: true });
      }
      expect(text).toContain("event: message_stop");
      await within(closing, HANG_MS, "close() resolving after the stream");
      expect(streamFinishedWhenClosed).toBe(true);
    } finally {
      await drainingGateway.close();
    }
  });
});
