import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Socket } from "node:net";

export interface LoopbackTraffic {
  /** Writes `bytes` on every connection and resolves once each has arrived at the other end. */
  exchange(bytes: Uint8Array): Promise<void>;
  close(): void;
}

/**
 * `count` TCP connections to 127.0.0.1 inside this process: the socket work of a gateway's turn (a write on
 * every connection, a read at every other end, through the kernel and the event loop), without the gateway.
 */
export async function openLoopbackTraffic(count: number): Promise<LoopbackTraffic> {
  const server = createServer({ noDelay: true });
  let waiting = 0;
  let arrived: (() => void) | undefined;
  server.on("connection", (socket) => {
    socket.on("data", (data) => {
      // TCP may split or join writes: count bytes, not reads.
      waiting -= data.byteLength;
      if (waiting === 0) arrived?.();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const clients: Socket[] = [];
  for (let index = 0; index < count; index++) {
    const client = connect({ port, host: "127.0.0.1", noDelay: true });
    await once(client, "connect");
    clients.push(client);
  }
  return {
    async exchange(bytes) {
      waiting += bytes.byteLength * clients.length;
      const done = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      for (const client of clients) client.write(bytes);
      await done;
    },
    close() {
      for (const client of clients) client.destroy();
      server.close();
    },
  };
}
