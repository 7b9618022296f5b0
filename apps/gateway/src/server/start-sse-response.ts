import type { ServerResponse } from "node:http";
import type { StreamEvent } from "@sluice/events";
import { encodeAnthropicSse, encodeSseEvent } from "@sluice/protocol-anthropic";
import { startStreamResponse } from "./start-stream-response";

export interface SseResponse {
  /** Writes a read's events as ONE socket write; the promise, when there is one, waits for `drain`. */
  emit(events: readonly StreamEvent[]): Promise<void> | undefined;
  end(): void;
}

const PING = encodeSseEvent({ type: "ping" });

/** The Anthropic surface's stream: its events as SSE, and `event: ping` during upstream silence. */
export function startSseResponse(response: ServerResponse, pingIntervalMs: number): SseResponse {
  const stream = startStreamResponse(response, pingIntervalMs, PING);
  return {
    emit: (events) => (events.length === 0 ? stream.write("") : stream.write(encodeAnthropicSse(events))),
    end: () => stream.end(),
  };
}
