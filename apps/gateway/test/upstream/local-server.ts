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

/**
 * An origin that refuses every connection: nothing can listen on port 0. (A port a test bound and released
 * is free for the next server any test starts, and was taken by one while the machine was busy.) `host`
 * picks the loopback address, for origins that must differ: 1 gives 127.0.0.1, 2 gives 127.0.0.2, …
 */
export function refusedOrigin(host = 1): string {
  return `http://127.0.0.${host}:0`;
}

/** A port that was just free, for a test whose server comes back on it: nothing listens there now. */
export async function closedPortOrigin(): Promise<string> {
  const server = await startLocalServer(() => undefined);
  await server.close();
  return server.origin;
}
