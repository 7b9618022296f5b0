import type { ServerResponse } from "node:http";

export interface StreamResponse {
  /** Writes one read's SSE text as ONE socket write; the promise, when there is one, waits for `drain`. */
  write(text: string): Promise<void> | undefined;
  end(): void;
}

/**
 * Opens a 200 `text/event-stream` response for any surface. Every `write` counts as upstream activity;
 * after `pingIntervalMs` without one, `ping` keeps proxies and clients from timing out while a model
 * thinks or a parser holds a tool call (docs/protocol.md C1). No ping is queued behind a full buffer.
 */
export function startStreamResponse(
  response: ServerResponse,
  pingIntervalMs: number,
  ping: string,
): StreamResponse {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    // nginx and similar proxies buffer responses unless told otherwise ("pass events through as they arrive").
    "x-accel-buffering": "no",
  });

  const pings = pingIntervalMs > 0 && Number.isFinite(pingIntervalMs);
  const timer = pings
    ? setTimeout(function sendPing() {
        if (!response.destroyed && !response.writableNeedDrain) response.write(ping);
        timer?.refresh();
      }, pingIntervalMs)
    : undefined;

  return {
    write(text) {
      timer?.refresh();
      if (text === "" || response.destroyed) return undefined;
      // Encoded once here: a string would be walked twice by the HTTP layer (its byte length for the chunk, then
      // its bytes), and a read's SSE text is one write of one Buffer.
      return response.write(Buffer.from(text, "utf8")) ? undefined : waitForDrain(response);
    },
    end() {
      clearTimeout(timer);
      if (!response.destroyed) response.end();
    },
  };
}

/** Resolves when the response can take more (`drain`) or never will (`close`: the client went away). */
function waitForDrain(response: ServerResponse): Promise<void> {
  if (response.destroyed || !response.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      response.off("drain", done);
      response.off("close", done);
      resolve();
    };
    response.on("drain", done);
    response.on("close", done);
  });
}
