import { request as httpRequest } from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readChunks, type ScriptedUpstream, startScriptedUpstream } from "../server/scripted-upstream";
import { messagesRequest, modelYaml, post, startTestGateway, type TestGateway } from "../server/test-gateway";

let upstream: ScriptedUpstream;
let gateway: TestGateway;

beforeAll(async () => {
  upstream = await startScriptedUpstream(() => ({ payloads: readChunks("plain-text") }));
  gateway = await startTestGateway(
    `server:\n  max_body_bytes: 2048\nmodels:\n${modelYaml("m", upstream.baseUrl)}`,
  );
});

afterAll(async () => {
  await gateway?.close();
  await upstream?.close();
});

const port = () => Number(new URL(gateway.origin).port);

/** A client that writes its whole (too large) body before it reads anything, as many HTTP clients do. */
function uploadThenRead(bytes: number): Promise<{ statusLine: string; writeError: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port(), "127.0.0.1");
    socket.pause();
    let text = "";
    let writeError = "";
    socket.on("error", (error: NodeJS.ErrnoException) => {
      writeError = error.code ?? error.message;
    });
    socket.on("data", (part) => {
      text += part;
    });
    socket.on("close", () => resolve({ statusLine: text.split("\r\n")[0] ?? "", writeError }));
    socket.write(
      `POST /v1/messages HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${bytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, 32);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!socket.write(chunk)) {
          socket.once("drain", pump);
          return;
        }
      }
      socket.resume();
    };
    pump();
  });
}

describe("finding 7: the small ones", () => {
  it("gets a 413 to a client still uploading, not a connection reset (lingering close)", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { statusLine, writeError } = await uploadThenRead(4 * 1024 * 1024);
      expect(writeError).toBe("");
      expect(statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    }
  });

  it("honours a client's Connection: close on a stream", async () => {
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const request = httpRequest(
        `${gateway.origin}/v1/messages`,
        {
          method: "POST",
          headers: { "content-type": "application/json", connection: "close" },
          agent: false,
        },
        (response) => {
          response.resume();
          response.on("end", () => resolve(response.headers));
        },
      );
      request.on("error", reject);
      request.end(JSON.stringify(messagesRequest("m", { stream: true })));
    });
    expect(headers["content-type"]).toBe("text/event-stream");
    expect(headers.connection).toBe("close");
  });

  it("keeps a stream's connection alive for a client that asks for it", async () => {
    const response = await post(gateway.origin, "/v1/messages", messagesRequest("m", { stream: true }));
    expect(response.headers.get("connection")).toBe("keep-alive");
    await response.text();
  });

  it("bounds a huge unknown model name in the answer and in the log line", async () => {
    const name = "m".repeat(1024 * 1024);
    const response = await post(gateway.origin, "/v1/messages", { ...messagesRequest("x"), model: name });
    expect(response.status).toBe(413);
    await response.text();
    // Under the body limit: a model name the size of the body limit allows.
    const big = await startTestGateway(`models:\n${modelYaml("m", upstream.baseUrl)}`);
    try {
      const answer = await post(big.origin, "/v1/messages", { ...messagesRequest("x"), model: name });
      expect(answer.status).toBe(404);
      expect((await answer.text()).length).toBeLessThan(1000);
      expect(big.logText().length).toBeLessThan(10_000);
    } finally {
      await big.close();
    }
  });
});
