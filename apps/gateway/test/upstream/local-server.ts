import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
  /** Resolves when the server sees this request's socket close. */
  readonly socketClosed: Promise<void>;
  /** Which connection carried it: 0 for the server's first, 1 for the next, … */
  readonly connection: number;
}

export type LocalHandler = (request: RecordedRequest, response: ServerResponse) => void;

export interface LocalServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly requests: RecordedRequest[];
  /** Closes every open connection now, as a server does with keep-alive connections idle too long. */
  closeConnections(): void;
  close(): Promise<void>;
}

/** A node:http server on 127.0.0.1 and an ephemeral port that records what it receives. */
export async function startLocalServer(handler: LocalHandler): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const connections = new WeakMap<Socket, number>();
  let connectionCount = 0;
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, response) => {
    const socketClosed = new Promise<void>((resolve) => {
      if (incoming.socket.destroyed) resolve();
      else incoming.socket.once("close", () => resolve());
    });
    const parts: Buffer[] = [];
    incoming.on("data", (part: Buffer) => parts.push(part));
    incoming.on("end", () => {
      const request: RecordedRequest = {
        method: incoming.method ?? "",
        url: incoming.url ?? "",
        headers: incoming.headers,
        body: Buffer.concat(parts).toString("utf8"),
        socketClosed,
        connection: connections.get(incoming.socket) ?? -1,
      };
      requests.push(request);
      handler(request, response);
    });
  });
  server.on("connection", (socket) => {
    connections.set(socket, connectionCount++);
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    closeConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bound once, then released. */
export async function closedPortOrigin(): Promise<string> {
  const server = await startLocalServer(() => undefined);
  await server.close();
  return server.origin;
}
