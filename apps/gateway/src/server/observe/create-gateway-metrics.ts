import { ERROR_TYPES } from "@sluice/events";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { processMetrics } from "./process-metrics";
import type { RequestLogEntry } from "./request-log";

/** The gateway's Prometheus metrics (docs/http-api.md §1, `GET /metrics`), in a registry of its own. */
export interface GatewayMetrics {
  /** This gateway's `sluice_` metrics and the process metrics; what `GET /metrics` writes. */
  readonly registry: Registry;
  /** Counts a finished request from its log line: every endpoint fills the same fields. */
  observeRequest(entry: RequestLogEntry): void;
  /** A stream to a client opened (`model`: a configured name); call the result once it closed. */
  streamOpened(model: string): () => void;
  /** The counts so far per served model, as the counters hold them (the console's models page charts them). */
  modelTotals(): Promise<Map<string, ModelTotals>>;
}

/** What `sluice_requests_total`, `sluice_errors_total` and the token counters hold for one model. */
export interface ModelTotals {
  readonly requests: number;
  readonly errors: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

// Time to first byte is mostly the model server's prefill: long prompts take seconds, a queue tens.
const TTFB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
// A generation runs from under a second to the upstream's 10-minute timeout (`timeout_ms`).
const DURATION_BUCKETS = [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];

// Labels stay bounded: anything else a surface might note is counted under one value.
const ERROR_TYPE_LABELS: ReadonlySet<string> = new Set(ERROR_TYPES);
const UNKNOWN_MODEL = "unknown";

/**
 * One registry per gateway, not prom-client's global one: a process (the tests) may run several gateways,
 * and each must count only its own requests. Every label value comes from a bounded set: a configured
 * model name (`servedBy` is only set once routing found one) or `unknown`, one of `routes` (the paths
 * the gateway serves) or `other`.
 */
export function createGatewayMetrics(routes: ReadonlySet<string>): GatewayMetrics {
  const own = new Registry();
  const registers = [own];
  const requests = new Counter({
    name: "sluice_requests_total",
    help: "Requests answered, by served model, route and HTTP status (499: the client left first).",
    labelNames: ["model", "route", "status"],
    registers,
  });
  const errors = new Counter({
    name: "sluice_errors_total",
    help: "Errors the client got (an HTTP error or an error event inside a stream), by Anthropic error type.",
    labelNames: ["model", "type"],
    registers,
  });
  const openStreams = new Gauge({
    name: "sluice_open_streams",
    help: "Streams (stream: true) open to clients now.",
    labelNames: ["model"],
    registers,
  });
  const timeToFirstByte = new Histogram({
    name: "sluice_time_to_first_byte_seconds",
    help: "From accepting the request to the upstream's first body byte.",
    labelNames: ["model"],
    buckets: TTFB_BUCKETS,
    registers,
  });
  const streamDuration = new Histogram({
    name: "sluice_stream_duration_seconds",
    help: "From accepting the request to closing the response, for every request whose upstream stream was relayed.",
    labelNames: ["model"],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const upstreamResponses = new Counter({
    name: "sluice_upstream_responses_total",
    help: "Upstream answers by HTTP status; `error` when none came (refused, reset, timeout before the headers).",
    labelNames: ["model", "status"],
    registers,
  });
  const inputTokens = new Counter({
    name: "sluice_input_tokens_total",
    help: "Prompt tokens of relayed streams (the upstream's usage, else the gateway's estimate).",
    labelNames: ["model"],
    registers,
  });
  const outputTokens = new Counter({
    name: "sluice_output_tokens_total",
    help: "Generated tokens of relayed streams.",
    labelNames: ["model"],
    registers,
  });
  const parserWarnings = new Counter({
    name: "sluice_parser_warnings_total",
    help: "Parser and sequencer warnings (repairs, dropped calls), by code.",
    labelNames: ["model", "code"],
    registers,
  });
  // The same metric objects, so the merged registry sees every later count.
  const registry = Registry.merge([own, processMetrics()]);

  return {
    registry,
    observeRequest(entry) {
      const model = entry.servedBy ?? UNKNOWN_MODEL;
      const route = routes.has(entry.path) ? entry.path : "other";
      requests.inc({ model, route, status: String(entry.status ?? 0) });
      // A client that left is not an error it got: nobody received one.
      if (entry.error !== undefined && entry.status !== 499) {
        errors.inc({ model, type: ERROR_TYPE_LABELS.has(entry.error.type) ? entry.error.type : "other" });
      }
      if (entry.upstreamStatus !== undefined) {
        upstreamResponses.inc({ model, status: String(entry.upstreamStatus) });
      } else if (entry.upstreamFailed === true) {
        upstreamResponses.inc({ model, status: "error" });
      }
      if (entry.ttfbMs !== undefined) timeToFirstByte.observe({ model }, entry.ttfbMs / 1000);
      // Only a relayed stream generated anything: count_tokens notes inputTokens too, and must not count.
      if (entry.upstreamStatus !== 200) return;
      if (entry.durationMs !== undefined) streamDuration.observe({ model }, entry.durationMs / 1000);
      // prom-client throws on a negative or non-finite increment; a bad count must not fail the request.
      if (countable(entry.inputTokens)) inputTokens.inc({ model }, entry.inputTokens);
      if (countable(entry.outputTokens)) outputTokens.inc({ model }, entry.outputTokens);
      for (const [code, count] of Object.entries(entry.warningCounts ?? {})) {
        if (countable(count)) parserWarnings.inc({ model, code }, count);
      }
    },
    async modelTotals() {
      const totals = new Map<
        string,
        { requests: number; errors: number; inputTokens: number; outputTokens: number }
      >();
      const add = async (
        counter: Counter<string>,
        field: "requests" | "errors" | "inputTokens" | "outputTokens",
      ): Promise<void> => {
        for (const { labels, value } of (await counter.get()).values) {
          const model = String(labels.model ?? UNKNOWN_MODEL);
          let entry = totals.get(model);
          if (entry === undefined) {
            entry = { requests: 0, errors: 0, inputTokens: 0, outputTokens: 0 };
            totals.set(model, entry);
          }
          entry[field] += value;
        }
      };
      await add(requests, "requests");
      await add(errors, "errors");
      await add(inputTokens, "inputTokens");
      await add(outputTokens, "outputTokens");
      return totals;
    },
    streamOpened(model) {
      openStreams.inc({ model });
      let open = true;
      return () => {
        if (!open) return;
        open = false;
        openStreams.dec({ model });
      };
    },
  };
}

function countable(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value > 0;
}
