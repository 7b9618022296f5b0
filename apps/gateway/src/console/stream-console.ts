import type { ConsoleStreamEvent } from "@sluice/console";
import type { Exchange } from "../server/exchange";
import type { ConsoleHub } from "./create-console-hub";

// A page that stops reading: past this much unsent, its stream ends and it reconnects to a fresh snapshot.
const MAX_UNSENT_BYTES = 8 * 1024 * 1024;
const PING_INTERVAL_MS = 15_000;

/** GET /console/api/stream: the live list as server-sent events (`snapshot`, then `exchange` / `evicted` / `ping`). */
export function streamConsole(exchange: Exchange, hub: ConsoleHub): void {
  const { response } = exchange;
  response.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    "x-accel-buffering": "no",
  });
  let ended = false;
  const write = (event: ConsoleStreamEvent): void => {
    if (ended) return;
    response.write(`event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`);
    if (response.writableLength > MAX_UNSENT_BYTES) end();
  };
  const end = (): void => {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(ping);
    response.end();
  };
  write({ event: "snapshot", data: { exchanges: hub.summaries() } });
  const unsubscribe = hub.subscribe({ send: write, end });
  const ping = setInterval(() => write({ event: "ping", data: {} }), PING_INTERVAL_MS);
  ping.unref();
  response.once("close", end);
  exchange.shutdownSignal.addEventListener("abort", end, { once: true });
}
