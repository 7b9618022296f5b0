import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import type { ConsoleHub } from "../console/create-console-hub";
import type { ErrorShape } from "../errors/error-bodies";
import type { ExchangeRecorder } from "../record/exchange-recorder";
import type { BodyBudget } from "./http/create-body-budget";
import type { GatewayMetrics } from "./observe/create-gateway-metrics";
import type { RequestLogEntry } from "./observe/request-log";
import type { ServedConfig } from "./served/compile-served-config";

/** What a handler works with: the config current when the request arrived, and the server's settings. */
export interface GatewayContext {
  readonly served: ServedConfig;
  /** For what the request line does not carry (an upstream failure, with the URL called). */
  readonly logger: Logger;
  /** Request bodies being read now, all connections together (`server.max_inflight_body_bytes`). */
  readonly bodyBudget: BodyBudget;
  readonly pingIntervalMs: number;
  /** Reported as the models' creation time by GET /v1/models. */
  readonly startedAt: Date;
  /** The gateway's own Prometheus registry and the hooks that feed it (GET /metrics). */
  readonly metrics: GatewayMetrics;
  /** True once a shutdown started draining (GET /ready answers 503; new work gets 529). */
  draining(): boolean;
  /** GET /metrics' text: this gateway's registry, or under `server.workers` the whole gateway's. */
  metricsText(): Promise<string>;
  /** The console's state while `server.console` is on (when the request arrived); absent when off. */
  readonly console: ConsoleHub | undefined;
  /** Under `server.workers`, while this worker drains: whether another one still serves (GET /ready). */
  readonly servedElsewhere?: () => Promise<boolean>;
}

/** One request and its response. */
export interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly requestId: string;
  /** The request's log line, written when the response closes. */
  readonly log: RequestLogEntry;
  /** `performance.now()` when the request arrived. */
  readonly receivedAt: number;
  /** The same moment on the wall clock (record files, the console). */
  readonly arrivedAt: Date;
  /** Aborted when the client goes away before the response finished. */
  readonly clientSignal: AbortSignal;
  /** Aborted when a shutdown's drain time is up: what is still open ends now (a stream with an `error` event). */
  readonly shutdownSignal: AbortSignal;
  /** The shape of the error bodies: the route's API (Anthropic for a path no route serves). */
  readonly errorShape: ErrorShape;
  /**
   * Present only when `server.record_dir` is set (the exchange is written to one file when it ends) or the
   * console is on (it is kept in the console's ring).
   */
  readonly recorder?: ExchangeRecorder;
}
