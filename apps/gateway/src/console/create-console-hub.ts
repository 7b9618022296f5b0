import type {
  ConsoleStreamEvent,
  ExchangeDetail,
  ExchangeSummary,
  RecordedExchangeView,
} from "@sluice/console";
import type { CapturedExchange, FinishedExchange } from "../record/exchange-recorder";
import { formatExchangeFile } from "../record/format-exchange-file";
import type { Exchange } from "../server/exchange";
import type { ModelTotals } from "../server/observe/create-gateway-metrics";
import { ConsoleRing, type HeldCapture, type RingLimits } from "./console-ring";
import { ModelSeries } from "./model-series";
import { rawReads } from "./raw-reads";
import { summarizeExchange } from "./summarize-exchange";

/**
 * What the console knows (docs/config.md, "The console"): the exchanges open now, the finished ones in its ring, the pages
 * listening to the live list, and the models' charts. The gateway creates one only while `server.console` is
 * on; off, nothing is kept and no exchange carries a recorder for it.
 */
export interface ConsoleHub {
  /** A request arrived (the console lists it once it is API traffic: not /console, the probes, /metrics). */
  opened(exchange: Exchange): void;
  /**
   * Its response closed and its handler is done: the summary is final, the capture goes into the ring, as the
   * record file already made (`written`, with `server.record_dir`) or else as the recorder's parts, scrubbed
   * only if a page asks for the exchange.
   */
  closed(exchange: Exchange, finished?: FinishedExchange, written?: WrittenExchange): void;
  /** Every exchange held and open, oldest first. */
  summaries(): ExchangeSummary[];
  detail(id: string): ExchangeDetail | undefined;
  /** The record file of a finished exchange (`sluice replay` reads it). */
  recordFile(id: string): { readonly text: string; readonly time: string } | undefined;
  /** Live list events from now on; call the result to stop. */
  subscribe(listener: ConsoleListener): () => void;
  readonly ring: ConsoleRing;
  readonly series: ModelSeries;
  resize(limits: RingLimits): void;
  /** Stops the timers and tells listeners the gateway is going (a drain, or the console turned off). */
  close(): void;
}

/** A finished exchange scrubbed and formatted for its record file. */
export interface WrittenExchange {
  readonly captured: CapturedExchange;
  readonly file: string;
}

/** A page's live list (GET /console/api/stream). */
export interface ConsoleListener {
  send(event: ConsoleStreamEvent): void;
  /** The hub closed: the stream ends (the page reconnects, and finds the console gone or back). */
  end(): void;
}

export interface ConsoleHubOptions {
  readonly limits: RingLimits;
  /** The gateway's counters, for the models' charts. */
  readonly modelTotals: () => Promise<Map<string, ModelTotals>>;
  /** How often an open exchange's changes go to listeners; default 500 ms. */
  readonly updateIntervalMs?: number;
  /** The charts' step and length; default 10 s × 90 (15 minutes). */
  readonly stepMs?: number;
  readonly points?: number;
}

const NOT_LISTED = new Set(["/health", "/ready", "/metrics"]);

/** Whether the console lists a request: API traffic, not its own requests, the probes or the scrape. */
export function listedInConsole(path: string): boolean {
  return !NOT_LISTED.has(path) && path !== "/console" && !path.startsWith("/console/");
}

export function createConsoleHub(options: ConsoleHubOptions): ConsoleHub {
  const ring = new ConsoleRing(options.limits);
  const series = new ModelSeries(options.modelTotals, options.stepMs ?? 10_000, options.points ?? 90);
  series.start();
  const open = new Map<string, { readonly exchange: Exchange; sent: string }>();
  const listeners = new Set<ConsoleListener>();
  const updateIntervalMs = options.updateIntervalMs ?? 500;
  let ticker: NodeJS.Timeout | undefined;

  const publish = (event: ConsoleStreamEvent): void => {
    for (const listener of listeners) listener.send(event);
  };

  // Open exchanges change as they stream (model, first byte, reads): their summaries go out on a tick, only
  // while someone listens and only those that changed, so a busy gateway sends at most two per stream a second.
  const tick = (): void => {
    for (const entry of open.values()) {
      const summary = summarizeExchange(entry.exchange, true, false);
      const key = changeKey(summary);
      if (key === entry.sent) continue;
      entry.sent = key;
      publish({ event: "exchange", data: summary });
    }
    if (open.size === 0 || listeners.size === 0) stopTicker();
  };
  const startTicker = (): void => {
    if (ticker !== undefined || listeners.size === 0 || open.size === 0) return;
    ticker = setInterval(tick, updateIntervalMs);
    ticker.unref();
  };
  const stopTicker = (): void => {
    clearInterval(ticker);
    ticker = undefined;
  };

  return {
    ring,
    series,
    opened(exchange) {
      if (!listedInConsole(exchange.log.path)) return;
      const summary = summarizeExchange(exchange, true, false);
      open.set(exchange.requestId, { exchange, sent: changeKey(summary) });
      publish({ event: "exchange", data: summary });
      startTicker();
    },
    closed(exchange, finished, written) {
      if (!open.delete(exchange.requestId)) return;
      const summary = summarizeExchange(exchange, false, false);
      const { kept, evicted } = ring.add(summary, heldCapture(finished, written));
      publish({ event: "exchange", data: kept.summary });
      if (evicted.length > 0) publish({ event: "evicted", data: { ids: evicted } });
    },
    summaries() {
      const held = [...ring.values()].map((exchange) => exchange.summary);
      const live = [...open.values()].map((entry) => summarizeExchange(entry.exchange, true, false));
      return [...held, ...live];
    },
    detail(id) {
      const live = open.get(id);
      if (live !== undefined) {
        const captured = live.exchange.recorder?.capture(undefined);
        if (captured === undefined) return undefined;
        return {
          summary: summarizeExchange(live.exchange, true, true),
          record: captured.record as unknown as RecordedExchangeView,
          reads: rawReads(captured.record.upstream.reads),
          eventReads: captured.eventReads,
          warnings: captured.warnings,
        };
      }
      const held = ring.get(id);
      const served = ring.serve(id);
      if (held === undefined || served === undefined) return undefined;
      const record = (served.record ?? JSON.parse(served.file)) as RecordedExchangeView;
      return {
        summary: held.summary,
        record,
        reads: rawReads(record.upstream.reads),
        eventReads: served.eventReads,
        warnings: served.warnings,
      };
    },
    recordFile(id) {
      const held = ring.get(id);
      const served = ring.serve(id);
      return held === undefined || served === undefined
        ? undefined
        : { text: served.file, time: held.summary.time };
    },
    subscribe(listener) {
      listeners.add(listener);
      startTicker();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stopTicker();
      };
    },
    resize(limits) {
      const evicted = ring.resize(limits);
      if (evicted.length > 0) publish({ event: "evicted", data: { ids: evicted } });
    },
    close() {
      stopTicker();
      series.stop();
      const ending = [...listeners];
      listeners.clear();
      for (const listener of ending) listener.end();
    },
  };
}

/** The ring's form of a finished exchange's capture: the file made for `record_dir`, or the parts as they are. */
function heldCapture(
  finished: FinishedExchange | undefined,
  written: WrittenExchange | undefined,
): HeldCapture | undefined {
  if (written !== undefined) {
    const { file, captured } = written;
    return { kind: "served", served: { file, eventReads: captured.eventReads, warnings: captured.warnings } };
  }
  if (finished === undefined) return undefined;
  return {
    kind: "raw",
    length: finished.length,
    serve: () => {
      // The same scrub and format as a record file's, only later: the ring holds the parts until then.
      const { record, eventReads, warnings } = finished.scrub();
      return { record, file: formatExchangeFile(record), eventReads, warnings };
    },
  };
}

/** What an open exchange's summary says, but the time so far (which changes on every tick). */
function changeKey(summary: ExchangeSummary): string {
  const { durationMs: _elapsed, ...changing } = summary;
  return JSON.stringify(changing);
}
