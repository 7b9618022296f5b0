import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";
import { waitUntil } from "../server/wait-until";

const BUDGET = 64 * 1024;
// Generous for a loaded machine: what is waited for happens at once, or never (a hang).
const HANG_MS = 30_000;

let upstream: ScriptedUpstream;
let gateway: TestGateway;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  gateway = await startTestGateway(
    `server:\n  max_inflight_body_bytes: ${BUDGET}\nmodels:\n${modelYaml("m", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await gateway?.close();
  await upstream?.close();
});

/** A client that declares `declared` body bytes, sends `sent` of them, and holds the rest back. */
function stalledUpload(declared: number | "chunked", sent: number): net.Socket {
  const socket = net.connect(Number(new URL(gateway.origin).port), "127.0.0.1");
  sockets.push(socket);
  socket.on("error", () => undefined);
  const length = declared === "chunked" ? "transfer-encoding: chunked" : `content-length: ${declared}`;
  socket.write(
    `POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${length}\r\n\r\n`,
  );
  const body = Buffer.alloc(sent, 32);
  socket.write(
    declared === "chunked"
      ? Buffer.concat([Buffer.from(`${sent.toString(16)}\r\n`), body, Buffer.from("\r\n")])
      : body,
  );
  return socket;
}

describe("finding 2: request bodies being read at once are bounded (server.max_inflight_body_bytes)", () => {
  it("answers 529 with retry-after while other bodies hold the budget, and serves again once they are gone", async () => {
    const holder = stalledUpload(48 * 1024, 1024);
    // The gateway has the holder's headers and reserved its declared length.
    await waitUntil(() => gateway.gateway.bodyBudget.inUse >= 48 * 1024, HANG_MS, "the holder's reservation");
    const refused = await post(
      gateway.origin,
      "/v1/messages",
      messagesRequest("m", { messages: [{ role: "user", content: "x".repeat(20 * 1024) }] }),
    );
    expect(refused.status).toBe(529);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-should-retry")).toBe("true");
    expect(await refused.json()).toMatchObject({
      error: { type: "overloaded_error", message: expect.stringContaining("max_inflight_body_bytes") },
    });

    // Once the holder is gone its reservation goes back, and the same request is served.
    const closed = new Promise((resolve) => holder.once("close", resolve));
    holder.destroy();
    await closed;
    await waitUntil(() => gateway.gateway.bodyBudget.inUse === 0, HANG_MS, "the holder's bytes given back");
    const again = await post(gateway.origin, "/v1/messages", messagesRequest("m"));
    expect(again.status).toBe(200);
    await again.text();
  });

  it("counts a chunked body as it arrives, and refuses one that would pass the budget", async () => {
    const holder = stalledUpload("chunked", 40 * 1024);
    // The holder's chunk has arrived and is reserved, as it came.
    await waitUntil(() => gateway.gateway.bodyBudget.inUse >= 40 * 1024, HANG_MS, "the holder's chunk");
    const second = stalledUpload("chunked", 40 * 1024);
    const answer = await new Promise<string>((resolve) => {
      let text = "";
      second.on("data", (part) => {
        text += part;
        if (text.includes("\r\n\r\n")) resolve(text.split("\r\n")[0] ?? "");
      });
    });
    expect(answer).toBe("HTTP/1.1 529 Overloaded");
    holder.destroy();
    second.destroy();
  });
});
