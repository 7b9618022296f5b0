import { createParser } from "eventsource-parser";
import type { ConsoleStreamEvent } from "../api-types";
import { apiFetch, KeyRequired } from "./console-api";

export type LiveState = "connecting" | "live" | "retrying" | "key";

export interface LiveStreamHandlers {
  readonly onEvent: (event: ConsoleStreamEvent) => void;
  readonly onState: (state: LiveState, detail?: string) => void;
}

const RETRY_MS = [500, 1000, 2000, 5000, 10_000];

/**
 * GET /console/api/stream, read with fetch (EventSource cannot send the key in a header) and framed by
 * eventsource-parser. When the stream ends or fails it comes back after a growing pause, and the gateway's
 * first event, `snapshot`, brings the list up to date; a 401 stops until the key is given again (`restart`).
 */
export function openLiveStream(handlers: LiveStreamHandlers): { restart(): void; close(): void } {
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let closed = false;

  const connect = async (): Promise<void> => {
    controller = new AbortController();
    const { signal } = controller;
    handlers.onState("connecting");
    try {
      const response = await apiFetch("stream", { signal });
      if (response.body === null) throw new Error("The stream has no body");
      const parser = createParser({
        onEvent(message) {
          if (message.event === undefined) return;
          failures = 0;
          handlers.onEvent({ event: message.event, data: JSON.parse(message.data) } as ConsoleStreamEvent);
          if (message.event === "snapshot") handlers.onState("live");
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
      if (!closed && !signal.aborted) retry("The gateway ended the live list");
    } catch (error) {
      if (closed || signal.aborted) return;
      if (error instanceof KeyRequired) {
        handlers.onState("key");
        return;
      }
      retry(error instanceof Error ? error.message : String(error));
    }
  };

  const retry = (why: string): void => {
    const pause = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] as number;
    failures += 1;
    handlers.onState("retrying", `${why}; again in ${Math.round(pause / 100) / 10} s`);
    timer = setTimeout(() => void connect(), pause);
  };

  void connect();
  return {
    restart() {
      controller?.abort();
      clearTimeout(timer);
      failures = 0;
      void connect();
    },
    close() {
      closed = true;
      controller?.abort();
      clearTimeout(timer);
    },
  };
}
