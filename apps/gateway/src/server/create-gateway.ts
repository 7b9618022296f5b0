import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ERROR_TABLE, gatewayError } from "@sluice/events";
import type { Logger } from "pino";
import type { Config, ModelConfig } from "../config/config";
import {
  type ConsoleHub,
  createConsoleHub,
  listedInConsole,
  type WrittenExchange,
} from "../console/create-console-hub";
import { formatExchangeFile } from "../record/format-exchange-file";
import { saveRecording } from "../record/save-recording";
import type { ContextWindow } from "../upstream/context-window";
import type { UnreachableRetry } from "../upstream/retry-unreachable";
import type { Upstream } from "../upstream/upstream";
import { createExchange } from "./create-exchange";
import type { GatewayContext } from "./exchange";
import { type BodyBudget, createBodyBudget } from "./http/create-body-budget";
import { replyError } from "./http/reply-error";
import { stopAccepting } from "./http/stop-accepting";
import { createGatewayLogger } from "./observe/create-gateway-logger";
import { createGatewayMetrics, type GatewayMetrics } from "./observe/create-gateway-metrics";
import { logRequest } from "./observe/request-log";
import { handleRequest } from "./routes/handle-request";
import { ROUTES } from "./routes/routes";
import { compileServedConfig, type ServedConfig } from "./served/compile-served-config";
import { defaultUpstreamFor } from "./served/default-upstream-for";
import { learnContextWindows } from "./served/learn-context-windows";

export interface GatewayOptions {
  /** The upstream for a model, called once per configured model. Default: `defaultUpstreamFor` (demo, HTTP or replicas). */
  readonly upstreamFor?: (model: ModelConfig) => Upstream;
  /** Receives one line per request. Default: `createGatewayLogger()` (stderr). */
  readonly logger?: Logger;
  /** `event: ping` after this much upstream silence; default 15000 (docs/http-api.md §1). 0 disables. */
  readonly pingIntervalMs?: number;
  /**
   * Ask each model's server for its context window at start and on every reload (docs/config.md, "The
   * context window"); default true. Off, only `context_window` from the config is known.
   */
  readonly learnContextWindows?: boolean;
  /** How long the servers are asked; default `LEARN_WINDOWS_TIMEOUT_MS` (tests on a busy machine give more). */
  readonly learnWindowsTimeoutMs?: number;
  /** The default upstreams' waits before trying an unreachable upstream again (tests give their own). */
  readonly unreachableRetry?: UnreachableRetry;
  /** How long a request's headers and body may take to arrive; default `REQUEST_TIMEOUT_MS` (tests give less). */
  readonly requestTimeoutMs?: number;
  /**
   * GET /metrics' text; default this gateway's registry. A worker of `server.workers` asks the primary, which sums
   * every worker's registry (docs/deployment.md, "Workers").
   */
  readonly metricsText?: () => Promise<string>;
  /** A worker of `server.workers`: whether another worker still serves while this one drains (GET /ready). */
  readonly servedElsewhere?: () => Promise<boolean>;
}

export interface ListeningAddress {
  /** The bound address (`127.0.0.1`, `::1`, `0.0.0.0`). */
  readonly host: string;
  /** The bound port: the real one when 0 was asked for. */
  readonly port: number;
}

export interface Gateway {
  readonly server: Server;
  /** Listens on `host`/`port` (default: the config's). */
  listen(host?: string, port?: number): Promise<ListeningAddress>;
  /**
   * Drains: stops accepting connections, lets open requests and streams finish for at most `drainTimeoutMs`
   * (default `server.drain_timeout_ms`), then ends what is still open (a stream with an `error` event) and
   * resolves. Meanwhile connections already open stay: `GET /ready` answers 503 on them, new work 529.
   */
  close(drainTimeoutMs?: number): Promise<void>;
  /**
   * Serves `config` to requests that arrive from now on (open streams keep theirs). The listening
   * address does not change: a new `server.host`/`server.port` needs a restart.
   */
  reload(config: Config): void;
  /** The config new requests get. */
  readonly config: Config;
  /**
   * Each model's context window, by name, once the asking of the current config's servers is over
   * (bounded: a few seconds at most); undefined for a model whose server did not say. The same value
   * a served model carries (`ServedModel.window`) and GET /v1/models lists as `max_model_len`.
   */
  contextWindows(): Promise<ReadonlyMap<string, ContextWindow | undefined>>;
  /** This gateway's Prometheus registry (GET /metrics) and the hooks that feed it. */
  readonly metrics: GatewayMetrics;
  /** The request bodies and answers held now, all connections together (`server.max_inflight_body_bytes`). */
  readonly bodyBudget: BodyBudget;
}

export const DEFAULT_PING_INTERVAL_MS = 15_000;

// What an open exchange gets after the drain timeout to write its error event before connections are cut.
const SHUTDOWN_GRACE_MS = 1_000;
// Connections waiting to be accepted: node's default (511) made the kernel drop some of 1,000 clients
// connecting at once, and each waited 1–7 s to retry; the kernel caps it at net.core.somaxconn anyway.
const LISTEN_BACKLOG = 4096;
// A client trickling its request body is cut after this long (node's default waits 300 s).
export const REQUEST_TIMEOUT_MS = 120_000;
// How often node looks for requests past that limit: its default, 30 s, cut them up to 30 s late.
const REQUEST_TIMEOUT_CHECK_MS = 1_000;

/** The Sluice HTTP server on node:http (docs/http-api.md §1). */
export function createGateway(config: Config, options: GatewayOptions = {}): Gateway {
  const logger = options.logger ?? createGatewayLogger();
  // The default gets the gateway's logger: replicas log their failovers and cooldowns.
  const upstreamFor =
    options.upstreamFor ??
    ((model: ModelConfig) => defaultUpstreamFor(model, logger, options.unreachableRetry));
  let closing = false;
  let closed: Promise<void> | undefined;
  // Set by close(): ends the drain (closes the server and what is idle) once nothing is open any more.
  let finishDrain: (() => void) | undefined;
  const metrics = createGatewayMetrics(new Set(ROUTES.keys()));
  const metricsText = options.metricsText ?? (() => metrics.registry.metrics());

  // Ends the asking of windows still going when the gateway closes.
  const learning = new AbortController();
  const compile = (next: Config): ServedConfig => {
    const compiled = compileServedConfig(next, upstreamFor);
    if (options.learnContextWindows !== false)
      learnContextWindows(compiled.models, learning.signal, options.learnWindowsTimeoutMs);
    return compiled;
  };
  let served: ServedConfig = compile(config);
  // Only while `server.console` is on: off, no exchange is kept and nothing runs for it.
  let consoleHub: ConsoleHub | undefined;
  const applyConsole = (next: Config): void => {
    const limits = { maxExchanges: next.server.consoleMaxExchanges, maxBytes: next.server.consoleMaxBytes };
    if (!next.server.console) {
      consoleHub?.close();
      consoleHub = undefined;
    } else if (consoleHub === undefined) {
      consoleHub = createConsoleHub({ limits, modelTotals: () => metrics.modelTotals() });
    } else {
      consoleHub.resize(limits);
    }
  };
  applyConsole(config);
  const pingIntervalMs = options.pingIntervalMs ?? DEFAULT_PING_INTERVAL_MS;
  const startedAt = new Date();
  const bodyBudget = createBodyBudget(() => served.config.server.maxInflightBodyBytes);

  // Every exchange not yet closed, by its shutdown switch: the drain timeout flips them all.
  const openExchanges = new Set<AbortController>();

  const serverOptions = {
    requestTimeout: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: REQUEST_TIMEOUT_CHECK_MS,
  };
  const server = createServer(serverOptions, (request, response) => {
    void serve(request, response);
  });

  const serve = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    // The config current now serves this request to its end (and decides whether it records), whatever a
    // reload does meanwhile.
    const current = served;
    const hub = consoleHub;
    const { exchange, client, shutdown } = createExchange(request, response, current.capture);
    const { requestId, log } = exchange;
    // The console's own requests and the probes are not API traffic: debug lines, not counted.
    const listed = listedInConsole(log.path);
    hub?.opened(exchange);
    openExchanges.add(shutdown);
    response.setHeader("request-id", requestId);
    if (closing) response.setHeader("connection", "close");
    // The line is written once the response closed AND the handler is done (a client that left early
    // still gets its line with what the stream had produced by then).
    let pending = 2;
    const settle = (): void => {
      pending -= 1;
      if (pending > 0) return;
      log.durationMs = Math.round(performance.now() - exchange.receivedAt);
      if (listed || hub === undefined) {
        logRequest(logger, log);
        // From the finished line, so every endpoint is counted the same way, whoever filled it.
        metrics.observeRequest(log);
      } else {
        logger.debug(log, "request");
      }
      // After the response: a slow or failing disk never delays or changes what the client got.
      const finished = exchange.recorder?.finish(log.status);
      const { recording } = current;
      // Only a record file is scrubbed and formatted here, for every exchange; the console alone keeps the
      // parts and does that for the few a page asks for.
      let written: WrittenExchange | undefined;
      if (recording !== undefined && finished !== undefined) {
        const captured = finished.scrub();
        written = { captured, file: formatExchangeFile(captured.record) };
        void saveRecording(
          recording,
          { receivedAt: exchange.arrivedAt, requestId, text: written.file },
          (reason) => logger.warn({ requestId, recordDir: recording.dir, reason }, "recording not written"),
        );
      }
      hub?.closed(exchange, finished, written);
    };
    response.once("close", () => {
      openExchanges.delete(shutdown);
      // `close` before the response finished: the client went away, so the upstream call is aborted now.
      if (!response.writableFinished) client.abort();
      log.status = response.writableFinished ? response.statusCode : ERROR_TABLE.client_closed.status;
      // While draining, the last exchange to close ends the drain (a tick later: its connection is idle then).
      if (closing && openExchanges.size === 0) setImmediate(() => finishDrain?.());
      settle();
    });

    const context: GatewayContext = {
      served: current,
      logger,
      bodyBudget,
      pingIntervalMs,
      startedAt,
      metrics,
      draining: () => closing,
      metricsText,
      console: hub,
      ...(options.servedElsewhere === undefined ? {} : { servedElsewhere: options.servedElsewhere }),
    };
    try {
      await handleRequest(exchange, context);
    } catch (error) {
      logger.error({ requestId, err: error }, "request failed");
      if (!response.headersSent) {
        const reason = error instanceof Error ? error.message : String(error);
        replyError(exchange, gatewayError("internal", `internal error: ${reason}`));
      } else if (!response.writableEnded) {
        response.destroy();
      }
    } finally {
      settle();
    }
  };

  return {
    server,
    metrics,
    bodyBudget,
    get config() {
      return served.config;
    },
    reload(next) {
      served = compile(next);
      applyConsole(next);
    },
    async contextWindows() {
      const { models } = served;
      const windows = await Promise.all(models.map((model) => model.window.settled()));
      return new Map(models.map((model, index) => [model.name, windows[index]]));
    },
    listen(host = served.config.server.host, port = served.config.server.port) {
      return new Promise((resolve, reject) => {
        const onError = (error: Error): void => reject(error);
        server.once("error", onError);
        server.listen(port, host, LISTEN_BACKLOG, () => {
          server.off("error", onError);
          const address = server.address() as AddressInfo;
          resolve({ host: address.address, port: address.port });
        });
      });
    },
    close(drainTimeoutMs = served.config.server.drainTimeoutMs) {
      if (closed !== undefined) return closed;
      closing = true;
      learning.abort();
      // The pages' live lists would hold the drain open to its end: they end now (the pages reconnect elsewhere).
      consoleHub?.close();
      let drainTimer: NodeJS.Timeout | undefined;
      let cutTimer: NodeJS.Timeout | undefined;
      closed = new Promise((resolve) => {
        let finished = false;
        finishDrain = () => {
          if (finished) return;
          finished = true;
          // Closes the idle connections too; resolves once the last connection closed. An error here only
          // says the server was not listening any more: there is nothing left to drain.
          server.close(() => {
            clearTimeout(drainTimer);
            clearTimeout(cutTimer);
            resolve();
          });
        };
      });
      // No new connections; the open ones stay until the drain ends, for GET /ready (503) and a 529 to new work.
      if (openExchanges.size === 0) finishDrain?.();
      else stopAccepting(server);
      // Past the drain timeout, open streams end with an error event; a moment later every socket is cut.
      drainTimer = setTimeout(() => {
        for (const shutdown of openExchanges) shutdown.abort();
        finishDrain?.();
        cutTimer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
        cutTimer.unref();
      }, drainTimeoutMs);
      drainTimer.unref();
      return closed;
    },
  };
}
