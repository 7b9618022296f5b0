import type { IncomingMessage, ServerResponse } from "node:http";
import type { Config, ModelConfig } from "../config/config";
import type { Upstream } from "../upstream/upstream";
import type { RequestLogEntry } from "./request-log";

/** What every handler shares for the gateway's lifetime. */
export interface GatewayContext {
  readonly config: Config;
  /** One upstream per configured model (the same objects as `config.models`). */
  readonly upstreams: ReadonlyMap<ModelConfig, Upstream>;
  readonly checkAuth: (headers: IncomingMessage["headers"]) => boolean;
  readonly pingIntervalMs: number;
  /** Reported as the models' creation time by GET /v1/models. */
  readonly startedAt: Date;
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
  /** Aborted when the client goes away before the response finished. */
  readonly clientSignal: AbortSignal;
}
