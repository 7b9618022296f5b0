import type { ServerResponse } from "node:http";
import { encodeSseEvent, encodeSseEvents, type MessageStreamEvent } from "@sluice/protocol-anthropic";
import { waitForDrain } from "./wait-for-drain";

export interface SseResponse {
  /** Writes a read's events as ONE socket write; the promise, when there is one, waits for `drain`. */
  emit(events: readonly MessageStreamEvent[]): Promise<void> | undefined;
  end(): void;
}

const PING = encodeSseEvent({ type: "ping" });

/**
 * Opens a 200 `text/event-stream` response. Every `emit` counts as upstream activity; after
 * `pingIntervalMs` without one an `event: ping` keeps proxies and clients from timing out while a
 * model thinks or a parser holds a tool call (docs/protocol.md C1). No ping is queued behind a full buffer.
 */
export function startSseResponse(response: ServerResponse, pingIntervalMs: number): SseResponse {
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    // nginx and similar proxies buffer responses unless told otherwise ("pass events through as they arrive").
    "x-accel-buffering": "no",
  });

  const pings = pingIntervalMs > 0 && Number.isFinite(pingIntervalMs);
  const timer = pings
    ? setTimeout(function ping() {
        if (!response.destroyed && !response.writableNeedDrain) response.write(PING);
        timer?.refresh();
      }, pingIntervalMs)
    : undefined;

  return {
    emit(events) {
      timer?.refresh();
      if (events.length === 0 || response.destroyed) return undefined;
      return response.write(encodeSseEvents(events)) ? undefined : waitForDrain(response);
    },
    end() {
      clearTimeout(timer);
      if (!response.destroyed) response.end();
    },
  };
}
