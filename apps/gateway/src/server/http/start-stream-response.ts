import type { IncomingMessage, ServerResponse } from "node:http";
import { createChunkWriter } from "./create-chunk-writer";

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
  request: IncomingMessage,
  response: ServerResponse,
  pingIntervalMs: number,
  ping: string,
): StreamResponse {
  const writer = createChunkWriter(request, response, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    // nginx and similar proxies buffer responses unless told otherwise ("pass events through as they arrive").
    "x-accel-buffering": "no",
  });

  // The ping timer is re-armed once per interval, not per write: a write only notes that it happened,
  // and the timer, when it fires, waits out what is left of the interval (a `refresh` per read costs as much
  // as a tenth of the relay's own work at one token a read).
  const pings = pingIntervalMs > 0 && Number.isFinite(pingIntervalMs);
  let wrote = false;
  const timer = pings
    ? setTimeout(function sendPing() {
        if (wrote) wrote = false;
        else if (!writer.destroyed && !writer.needsDrain) writer.write(ping);
        timer?.refresh();
      }, pingIntervalMs)
    : undefined;

  return {
    write(text) {
      wrote = true;
      if (text === "" || writer.destroyed) return undefined;
      return writer.write(text);
    },
    end() {
      clearTimeout(timer);
      writer.end();
    },
  };
}
