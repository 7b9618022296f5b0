import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A recorded upstream stream: one `data:` payload per line (a chunk's JSON or the literal `[DONE]`). */
export function readChunks(name: string): string[] {
  return readFileSync(new URL(`../fixtures/${name}.chunks.jsonl`, import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
}

/** What the scripted upstream answers to one request. */
export interface ScriptedReply {
  /** Default 200. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** SSE payloads, one `data:` event per write. */
  readonly payloads?: readonly string[];
  /**
   * Payloads generated on demand until the request's socket closes (for backpressure), or until one is
   * undefined (a long answer that is not kept in memory whole).
   */
  readonly endless?: (index: number) => string | undefined;
  /** `endless` gives body writes as they are (many SSE events each), not one `data:` payload each. */
  readonly endlessRaw?: boolean;
  /** A plain body instead (an error JSON, a /tokenize answer). */
  readonly body?: string;
  /** Silence before the status line (a timeout before the first byte). */
  readonly headersDelayMs?: number;
  /** Silence before the status line until this settles: the test says when the answer may start. */
  readonly until?: Promise<unknown>;
  /** Silence before payload `index`. */
  readonly delayMs?: (index: number) => number;
  /** Silence before payload `index` until the promise given for it settles: the test's own event, not a sleep. */
  readonly holdBefore?: (index: number) => Promise<unknown> | undefined;
  /** Destroys the socket after this many payloads (a network cut mid-stream). */
  readonly cutAfter?: number;
  /** Never answers. */
  readonly hang?: boolean;
  /** Body writes sent as given, without `data:` framing (garbage, split UTF-8, huge lines); with delayMs, cutAfter, stallAfter. */
  readonly raw?: readonly (string | Uint8Array)[];
  /** Stops writing after this many payloads and keeps the socket open (a stall mid-stream). */
  readonly stallAfter?: number;
}

export interface ScriptedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  readonly body: Record<string, unknown>;
  /** Resolves when this request's socket closes (the gateway aborted, or the upstream shut down). */
  readonly socketClosed: Promise<void>;
  /** True once the reply was written completely. */
  readonly completed: () => boolean;
  /** Bytes of SSE written so far, and how many writes found the socket buffer full. */
  readonly progress: { bytesWritten: number; blockedWrites: number; waitingForDrain: boolean };
}

export type Script = (request: ScriptedRequest) => ScriptedReply;

export interface ScriptedUpstreamOptions {
  /** The listen queue length; default node's 511. A load run sets a model server's (uvicorn: 2048). */
  readonly backlog?: number;
  /** Default 0 (a free port); a test of a server that comes back gives the port it had. */
  readonly port?: number;
}

export interface ScriptedUpstream {
  /** `http://127.0.0.1:PORT/v1`, the base_url for the config. */
  readonly baseUrl: string;
  readonly requests: ScriptedRequest[];
  /** The chat-completions requests whose body names this upstream model. */
  requestsFor(model: string): ScriptedRequest[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible model server on 127.0.0.1 and an ephemeral port that replays recorded chunks
 * (with optional delays, statuses, cuts), answering each request as `script` says, and recording
 * what it received. It honours backpressure itself, so a gateway that stops reading blocks its writes.
 */
export async function startScriptedUpstream(
  script: Script,
  options: ScriptedUpstreamOptions = {},
): Promise<ScriptedUpstream> {
  const sockets = new Set<Socket>();
  const requests: ScriptedRequest[] = [];
  // One promise per socket: keep-alive sockets carry many requests.
  const socketClosedPromises = new WeakMap<Socket, Promise<void>>();
  const server = createServer((incoming, response) => {
    const socketClosed = socketClosedPromises.get(incoming.socket) ?? Promise.resolve();
    const parts: Buffer[] = [];
    incoming.on("data", (part: Buffer) => parts.push(part));
    incoming.on("end", () => {
      let completed = false;
      const text = Buffer.concat(parts).toString("utf8");
      const request: ScriptedRequest = {
        method: incoming.method ?? "",
        path: (incoming.url ?? "").split("?")[0] ?? "",
        headers: incoming.headers,
        body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>),
        socketClosed,
        completed: () => completed,
        progress: { bytesWritten: 0, blockedWrites: 0, waitingForDrain: false },
      };
      requests.push(request);
      void reply(request, script(request), response).then(
        () => {
          completed = true;
        },
        () => undefined,
      );
    });
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socketClosedPromises.set(
      socket,
      new Promise((resolve) => {
        socket.once("close", () => {
          sockets.delete(socket);
          resolve();
        });
      }),
    );
  });
  await new Promise<void>((resolve) =>
    server.listen(
      {
        port: options.port ?? 0,
        host: "127.0.0.1",
        ...(options.backlog === undefined ? {} : { backlog: options.backlog }),
      },
      resolve,
    ),
  );
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    requestsFor: (model) =>
      requests.filter((request) => request.path === "/v1/chat/completions" && request.body.model === model),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function reply(
  request: ScriptedRequest,
  script: ScriptedReply,
  response: ServerResponse,
): Promise<void> {
  if (script.hang === true) return;
  let gone = false;
  response.once("close", () => {
    gone = true;
  });
  if (script.until !== undefined) await script.until;
  if (script.headersDelayMs !== undefined) await sleep(script.headersDelayMs);
  if (gone) return;
  const status = script.status ?? 200;
  if (script.body !== undefined) {
    response.writeHead(status, { "content-type": "application/json", ...script.headers });
    response.end(script.body);
    return;
  }
  response.writeHead(status, { "content-type": "text/event-stream", ...script.headers });
  const { progress } = request;
  const write = async (payload: string | Uint8Array): Promise<void> => {
    const event =
      script.raw !== undefined || script.endlessRaw === true ? payload : `data: ${String(payload)}\n\n`;
    progress.bytesWritten += typeof event === "string" ? Buffer.byteLength(event) : event.byteLength;
    if (response.write(event)) return;
    progress.blockedWrites += 1;
    progress.waitingForDrain = true;
    await new Promise<void>((resolve) => {
      const done = (): void => {
        response.off("drain", done);
        response.off("close", done);
        resolve();
      };
      response.on("drain", done);
      response.on("close", done);
    });
    progress.waitingForDrain = false;
  };
  const payloadAt = (index: number): string | Uint8Array | undefined =>
    script.endless !== undefined
      ? script.endless(index)
      : script.raw !== undefined
        ? script.raw[index]
        : script.payloads?.[index];
  for (let index = 0; !gone; index++) {
    if (script.cutAfter !== undefined && index === script.cutAfter) {
      response.socket?.destroy();
      return;
    }
    // Silence until the gateway gives up and closes the socket (or the upstream is closed).
    if (script.stallAfter !== undefined && index === script.stallAfter) return;
    const payload = payloadAt(index);
    if (payload === undefined) break;
    const delay = script.delayMs?.(index) ?? 0;
    if (delay > 0) await sleep(delay);
    const hold = script.holdBefore?.(index);
    if (hold !== undefined) await hold;
    if (gone) return;
    await write(payload);
  }
  if (!gone) response.end();
}
