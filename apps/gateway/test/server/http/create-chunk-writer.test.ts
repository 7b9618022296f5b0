import { once } from "node:events";
import { createServer, type Server, type ServerResponse } from "node:http";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { type ChunkWriter, createChunkWriter } from "../../../src/server/http/create-chunk-writer";

// Each request's path says what the handler writes: `/N` writes N pieces in one turn and ends.
let server: Server | undefined;
const writers: ChunkWriter[] = [];

async function startServer(
  handle?: (writer: ChunkWriter, response: ServerResponse) => void,
): Promise<number> {
  server = createServer((request, response) => {
    const writer = createChunkWriter(request, response, { "content-type": "text/event-stream" });
    writers.push(writer);
    if (handle !== undefined) {
      handle(writer, response);
      return;
    }
    const pieces = Number(request.url?.slice(1));
    for (let index = 0; index < pieces; index++) writer.write(`data: ${index} é\n\n`);
    // The end comes a turn later, so the pieces wait for the turn's end as a live stream's do.
    setImmediate(() => writer.end());
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no address");
  return address.port;
}

afterEach(async () => {
  writers.length = 0;
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** Sends raw requests on one connection and collects every byte the server sends back. */
function rawConnection(port: number): { socket: Socket; received: () => string; closed: Promise<unknown> } {
  const socket = connect(port, "127.0.0.1");
  let text = "";
  socket.setEncoding("utf8");
  socket.on("data", (part: string) => {
    text += part;
  });
  return { socket, received: () => text, closed: once(socket, "close") };
}

/** Splits a chunked body into its chunks' texts, checking every size line against its data's bytes. */
function chunksOf(body: string): string[] {
  const bytes = Buffer.from(body, "utf8");
  const chunks: string[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = bytes.indexOf("\r\n", offset);
    if (lineEnd < 0) throw new Error(`no size line at ${offset}`);
    const size = Number.parseInt(bytes.subarray(offset, lineEnd).toString("latin1"), 16);
    if (size === 0) return chunks;
    const data = bytes.subarray(lineEnd + 2, lineEnd + 2 + size);
    expect(bytes.subarray(lineEnd + 2 + size, lineEnd + 4 + size).toString("latin1")).toBe("\r\n");
    chunks.push(data.toString("utf8"));
    offset = lineEnd + 4 + size;
  }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("createChunkWriter", () => {
  it("sends a turn's writes as one valid chunk, in order, and keeps the connection for the next request", async () => {
    const port = await startServer();
    const { socket, received } = rawConnection(port);
    socket.write("GET /5 HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => received().includes("\r\n0\r\n\r\n"));
    const head = received().slice(0, received().indexOf("\r\n\r\n"));
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain("transfer-encoding: chunked");
    const rest = received().slice(head.length + 4);
    const pieces = chunksOf(rest);
    // The first goes out with the head; the other four of that turn are one chunk, written together.
    expect(pieces.join("")).toBe([0, 1, 2, 3, 4].map((index) => `data: ${index} é\n\n`).join(""));
    expect(pieces).toHaveLength(2);

    // The same connection serves another request: node's HTTP state was left as it expects.
    const before = received().length;
    socket.write("GET /2 HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => received().slice(before).includes("\r\n0\r\n\r\n"));
    const second = received().slice(before);
    const secondBody = second.slice(second.indexOf("\r\n\r\n") + 4);
    expect(chunksOf(secondBody).join("")).toBe("data: 0 é\n\ndata: 1 é\n\n");
    socket.destroy();
  });

  it("keeps pipelined responses whole and in order (the second waits for the socket, then writes to it)", async () => {
    const port = await startServer();
    const { socket, received } = rawConnection(port);
    // Both requests at once: node answers the second only once the first has ended.
    socket.write("GET /3 HTTP/1.1\r\nhost: x\r\n\r\nGET /2 HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => received().split("\r\n0\r\n\r\n").length === 3);
    const [first, second] = received()
      .split(/HTTP\/1\.1 200 OK\r\n/)
      .slice(1) as [string, string];
    const bodyOf = (response: string) => chunksOf(response.slice(response.indexOf("\r\n\r\n") + 4)).join("");
    expect(bodyOf(first)).toBe("data: 0 é\n\ndata: 1 é\n\ndata: 2 é\n\n");
    expect(bodyOf(second)).toBe("data: 0 é\n\ndata: 1 é\n\n");
    socket.destroy();
  });

  it("writes nothing after its end, so the connection's next response is whole", async () => {
    let served = 0;
    const port = await startServer((writer) => {
      served += 1;
      const label = `response ${served}`;
      writer.write(`data: ${label} first\n\n`);
      writer.write(`data: ${label} second\n\n`);
      setImmediate(() => {
        writer.end();
        writer.write(`data: ${label} late\n\n`);
        setImmediate(() => writer.write(`data: ${label} later\n\n`));
      });
    });
    const { socket, received } = rawConnection(port);
    socket.write("GET / HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => received().includes("\r\n0\r\n\r\n"));
    const before = received().length;
    socket.write("GET / HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => received().slice(before).includes("\r\n0\r\n\r\n"));
    // Time for late writes to show, were they written. (This waits for nothing to happen: a slow machine only
    // shortens what it sees, so it cannot fail the test.)
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = received().slice(before);
    expect(chunksOf(received().slice(received().indexOf("\r\n\r\n") + 4)).join("")).toBe(
      "data: response 1 first\n\ndata: response 1 second\n\n",
    );
    expect(chunksOf(second.slice(second.indexOf("\r\n\r\n") + 4)).join("")).toBe(
      "data: response 2 first\n\ndata: response 2 second\n\n",
    );
    expect(received()).not.toContain("late");
    socket.destroy();
  });

  it("writes plainly to an HTTP/1.0 client, which learns the end from the connection closing", async () => {
    const port = await startServer();
    const { socket, received, closed } = rawConnection(port);
    socket.write("GET /3 HTTP/1.0\r\n\r\n");
    await closed;
    const body = received().slice(received().indexOf("\r\n\r\n") + 4);
    expect(received().toLowerCase()).not.toContain("transfer-encoding");
    expect(body).toBe("data: 0 é\n\ndata: 1 é\n\ndata: 2 é\n\n");
  });

  it("asks the caller to wait while the client reads nothing, holds about one buffer beyond it, and loses nothing", async () => {
    let gatewaySocket: Socket | undefined;
    let waiting = false;
    const piece = "x".repeat(16 * 1024);
    const pieces = 512; // 8 MiB: more than the kernel's loopback buffers hold
    const port = await startServer((writer, served) => {
      gatewaySocket = served.socket as Socket;
      writer.write("event: first\n\n"); // the head's write, through the response
      let written = 0;
      // One write a turn, as a relay does with one read a turn, waiting whenever the writer says so.
      const pump = (): void => {
        if (written === pieces) {
          writer.end();
          return;
        }
        written += 1;
        const wait = writer.write(piece);
        if (wait === undefined) {
          setImmediate(pump);
          return;
        }
        waiting = true;
        void wait.then(() => {
          waiting = false;
          pump();
        });
      };
      pump();
    });
    const { socket, received } = rawConnection(port);
    socket.pause(); // reads nothing: the kernel's buffers fill, then the gateway's socket
    socket.write("GET / HTTP/1.1\r\nhost: x\r\n\r\n");
    await until(() => waiting && gatewaySocket?.writableNeedDrain === true);
    const full = gatewaySocket as Socket;
    expect(full.writableLength).toBeLessThan(full.writableHighWaterMark + 64 * 1024);
    socket.resume();
    await until(() => received().endsWith("\r\n0\r\n\r\n"));
    const body = received().slice(received().indexOf("\r\n\r\n") + 4);
    expect(chunksOf(body).join("")).toBe(`event: first\n\n${piece.repeat(pieces)}`);
    socket.destroy();
  });
});
