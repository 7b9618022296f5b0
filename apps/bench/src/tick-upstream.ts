import { createServer, type Server, type ServerResponse } from "node:http";

export interface TickUpstream {
  readonly server: Server;
  readonly port: number;
  /** Stops the tick; the server is closed by its owner. */
  readonly stop: () => void;
}

function requestedModel(body: Buffer): string {
  try {
    return String((JSON.parse(body.toString()) as { model?: unknown }).model);
  } catch {
    return "";
  }
}

/**
 * A model server as agents meet it: every open stream gets its next SSE event on one shared tick, each
 * event written alone (so it reaches the relay in its own socket read), as a decoding server emits one
 * token per step for all its sequences. The answer is picked by the request's model (the relays pass the
 * body on, the gateway names its model upstream): `answers` maps a model to its events.
 */
export async function startTickUpstream(
  answers: ReadonlyMap<string, readonly Buffer[]>,
  tokensPerSecond: number,
): Promise<TickUpstream> {
  const open = new Map<ServerResponse, { events: readonly Buffer[]; next: number }>();
  const server = createServer((request, response) => {
    const body: Buffer[] = [];
    request.on("data", (chunk: Buffer) => body.push(chunk));
    request.on("end", () => {
      const events = answers.get(requestedModel(Buffer.concat(body)));
      if (!events) {
        // The gateway's model probe (GET /v1/models) and anything else: no such model here.
        response.writeHead(404, { "content-type": "application/json" }).end('{"error":"unknown model"}');
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.flushHeaders();
      open.set(response, { events, next: 0 });
      response.on("close", () => open.delete(response));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no upstream address");

  // Ticks at fixed times from the start, so a slow tick does not push every later one back.
  const interval = 1000 / tokensPerSecond;
  let due = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const tick = (): void => {
    for (const [response, stream] of open) {
      response.write(stream.events[stream.next] as Buffer);
      stream.next += 1;
      if (stream.next === stream.events.length) {
        open.delete(response);
        response.end();
      }
    }
    due += interval;
    timer = setTimeout(tick, Math.max(0, due - performance.now()));
  };
  tick();
  return { server, port: address.port, stop: () => clearTimeout(timer) };
}
