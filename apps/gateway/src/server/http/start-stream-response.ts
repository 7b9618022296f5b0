import type { IncomingMessage, ServerResponse } from "node:http";
import { createChunkWriter } from "./create-chunk-writer";

/** How many times per ping interval the ping timer looks (its precision: a quarter of the interval). */
const PING_LOOKS = 4;

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

  // A write only notes that it happened: one timer looks every quarter interval and pings after four looks
  // in a row saw none, i.e. after 1 to 1.25 intervals of silence, then every interval while it lasts.
  // (Re-arming a timer on every write was a measurable share of a read's cost under load.)
  const pings = pingIntervalMs > 0 && Number.isFinite(pingIntervalMs);
  let wrote = false;
  let quietLooks = 0;
  const timer = pings
    ? setInterval(
        () => {
          if (wrote) {
            wrote = false;
            quietLooks = 0;
          } else if (++quietLooks >= PING_LOOKS) {
            quietLooks = 0;
            if (!writer.destroyed() && !writer.needsDrain()) writer.write(ping);
          }
        },
        Math.max(1, pingIntervalMs / PING_LOOKS),
      )
    : undefined;

  return {
    write(text) {
      wrote = true;
      // A client gone is the writer's to see (it writes nothing then).
      return text === "" ? undefined : writer.write(text);
    },
    end() {
      clearInterval(timer);
      writer.end();
    },
  };
}
