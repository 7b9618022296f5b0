import type { IncomingMessage, ServerResponse } from "node:http";
import { watchSilence } from "../../event-loop/watch-silence";
import { createChunkWriter } from "./create-chunk-writer";

export interface StreamResponse {
  /** Writes one read's SSE text, sent with the turn's other writes in one socket write (create-chunk-writer.ts); the promise, when there is one, waits for `drain`. */
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

  // A write only notes that it happened (watch-silence.ts): a ping after 1 to 1.25 intervals of silence, then
  // every interval while it lasts.
  const silence =
    pingIntervalMs > 0 && Number.isFinite(pingIntervalMs)
      ? watchSilence(
          pingIntervalMs,
          () => {
            if (!writer.destroyed() && !writer.needsDrain()) writer.write(ping);
          },
          { running: true, unref: false },
        )
      : undefined;

  return {
    write(text) {
      silence?.note();
      // A client gone is the writer's to see (it writes nothing then).
      return text === "" ? undefined : writer.write(text);
    },
    end() {
      silence?.stop();
      writer.end();
    },
  };
}
