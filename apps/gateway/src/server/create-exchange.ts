import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createExchangeRecorder } from "../record/exchange-recorder";
import type { Exchange } from "./exchange";
import type { RequestLogEntry } from "./observe/request-log";
import { ROUTES } from "./routes/routes";
import type { CaptureSettings } from "./served/compile-served-config";

/** A request that just arrived as an exchange, and the switches that end it. */
export interface OpenedExchange {
  readonly exchange: Exchange;
  /** Aborted when the client goes away before the response finished. */
  readonly client: AbortController;
  /** Aborted when a shutdown's drain time is up. */
  readonly shutdown: AbortController;
}

/**
 * The exchange for one request: its id, its log line (path without the query), its route's error shape,
 * and a recorder when the config current at its arrival records (`server.record_dir`) or shows the console.
 */
export function createExchange(
  request: IncomingMessage,
  response: ServerResponse,
  capture: CaptureSettings | undefined,
): OpenedExchange {
  const requestId = createRequestId();
  const log: RequestLogEntry = { requestId, method: request.method ?? "", path: routePath(request.url) };
  const client = new AbortController();
  const shutdown = new AbortController();
  const arrivedAt = new Date();
  const exchange: Exchange = {
    request,
    response,
    requestId,
    log,
    errorShape: ROUTES.get(log.path)?.errors ?? "anthropic",
    receivedAt: performance.now(),
    clientSignal: client.signal,
    shutdownSignal: shutdown.signal,
    arrivedAt,
    ...(capture === undefined
      ? {}
      : {
          recorder: createExchangeRecorder({
            ...capture,
            requestId,
            route: log.path,
            receivedAt: arrivedAt,
            headers: request.headers,
          }),
        }),
  };
  return { exchange, client, shutdown };
}

/** `req_` + 22 random URL-safe characters (128 bits): the `request-id` header and every error body's `request_id`. */
export function createRequestId(): string {
  return `req_${randomBytes(16).toString("base64url")}`;
}

/** `/v1/messages?beta=true` → `/v1/messages`; a trailing slash is ignored (`/v1/models/`). */
export function routePath(url: string | undefined): string {
  const raw = url ?? "/";
  const queryStart = raw.search(/[?#]/);
  const path = queryStart === -1 ? raw : raw.slice(0, queryStart);
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}
