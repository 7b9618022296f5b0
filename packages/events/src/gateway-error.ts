import { Data } from "effect";
import type { ErrorObject, ErrorType } from "./error-type";

/**
 * Why a request failed, as the gateway knows it. Each reason has exactly one row in ERROR_TABLE: the
 * HTTP status, the error type and whether a client should retry (`x-should-retry`).
 */
export type ErrorReason =
  /** The body is not JSON, breaks the schema, or nests too deep. */
  | "invalid_request"
  | "unauthorized"
  /** No route: an unknown path, or a model no name or alias matches. */
  | "not_found"
  | "method_not_allowed"
  | "body_too_large"
  /** Too many request bodies (and held answers) at once (`server.max_inflight_body_bytes`). */
  | "gateway_busy"
  /**
   * An answer the gateway must hold whole (`stream: false`, a Responses stream) passed
   * `server.max_answer_bytes`: the same request would pass it again, so it is not retried.
   */
  | "answer_too_large"
  /** The gateway is draining for a shutdown. */
  | "shutting_down"
  /** The upstream said the prompt does not fit (Anthropic's `prompt is too long` wording). */
  | "context_overflow"
  /** Another 4xx from the upstream: the request is the problem. */
  | "upstream_rejected_request"
  /** Upstream 401/403: `upstream.api_key` is wrong. */
  | "upstream_rejected_credentials"
  /** Upstream 404: `base_url` or `upstream.model` is wrong. */
  | "upstream_not_found"
  /** Upstream 3xx: never followed (it would carry the prompt elsewhere). */
  | "upstream_redirect"
  | "upstream_rate_limited"
  | "upstream_overloaded"
  /** Upstream 5xx, a cut connection, an unreadable answer. */
  | "upstream_failed"
  /**
   * No connection to the upstream (refused, unknown host, DNS), still so after the gateway's own brief
   * retries: the server is down or `base_url` is wrong, so the client is told once instead of retrying.
   */
  | "upstream_unreachable"
  | "upstream_timeout"
  /** The client went away; nobody receives the answer (nginx's 499, for the log). */
  | "client_closed"
  /** A bug in the gateway. */
  | "internal";

export interface ErrorRow {
  readonly status: number;
  readonly type: ErrorType;
  /** `x-should-retry`: false wherever retrying cannot help (Claude Code otherwise retries ten times). */
  readonly retry: boolean;
}

/** The one error → status table (docs/http-api.md §5). */
export const ERROR_TABLE: { readonly [Reason in ErrorReason]: ErrorRow } = {
  invalid_request: { status: 400, type: "invalid_request_error", retry: false },
  unauthorized: { status: 401, type: "authentication_error", retry: false },
  not_found: { status: 404, type: "not_found_error", retry: false },
  method_not_allowed: { status: 405, type: "invalid_request_error", retry: false },
  body_too_large: { status: 413, type: "request_too_large", retry: false },
  gateway_busy: { status: 529, type: "overloaded_error", retry: true },
  answer_too_large: { status: 502, type: "api_error", retry: false },
  shutting_down: { status: 529, type: "overloaded_error", retry: true },
  context_overflow: { status: 400, type: "invalid_request_error", retry: false },
  upstream_rejected_request: { status: 400, type: "invalid_request_error", retry: false },
  upstream_rejected_credentials: { status: 502, type: "api_error", retry: false },
  upstream_not_found: { status: 502, type: "api_error", retry: false },
  upstream_redirect: { status: 502, type: "api_error", retry: false },
  upstream_rate_limited: { status: 429, type: "rate_limit_error", retry: true },
  upstream_overloaded: { status: 529, type: "overloaded_error", retry: true },
  upstream_failed: { status: 502, type: "api_error", retry: true },
  upstream_unreachable: { status: 502, type: "api_error", retry: false },
  upstream_timeout: { status: 504, type: "timeout_error", retry: true },
  client_closed: { status: 499, type: "api_error", retry: false },
  internal: { status: 500, type: "api_error", retry: true },
};

/** An error as data (`_tag`, a reason, the message); status, type and retry come from ERROR_TABLE. */
export class GatewayError extends Data.TaggedError("GatewayError")<{
  readonly reason: ErrorReason;
  readonly message: string;
  /** An upstream's `retry-after`, passed on as given. */
  readonly retryAfter?: string;
}> {
  get status(): number {
    return ERROR_TABLE[this.reason].status;
  }
  get type(): ErrorType {
    return ERROR_TABLE[this.reason].type;
  }
  get retry(): boolean {
    return ERROR_TABLE[this.reason].retry;
  }
  /** The error object of an HTTP error body or of a stream's `error` event, on every surface. */
  get object(): ErrorObject {
    return { type: this.type, message: this.message };
  }
}

export function gatewayError(reason: ErrorReason, message: string, retryAfter?: string): GatewayError {
  return new GatewayError(retryAfter === undefined ? { reason, message } : { reason, message, retryAfter });
}

/** The reason for an upstream HTTP status other than 200 (docs/protocol.md B7), before any wording is read. */
export function reasonOfUpstreamStatus(status: number): ErrorReason {
  if (status === 401 || status === 403) return "upstream_rejected_credentials";
  if (status === 404) return "upstream_not_found";
  if (status === 429) return "upstream_rate_limited";
  // 529 is Anthropic's own "overloaded"; an upstream that speaks it means the same as a saturated vLLM's 503.
  if (status === 503 || status === 529) return "upstream_overloaded";
  if (status >= 300 && status <= 399) return "upstream_redirect";
  if (status >= 400 && status <= 499) return "upstream_rejected_request";
  return "upstream_failed";
}

/**
 * The reason behind an in-stream error's type, for a `stream: false` answer folded from a stream that
 * ended in an `error` event: every such error came from the upstream.
 */
export function reasonOfStreamError(type: ErrorType): ErrorReason {
  switch (type) {
    case "invalid_request_error":
      return "upstream_rejected_request";
    case "rate_limit_error":
      return "upstream_rate_limited";
    case "overloaded_error":
      return "upstream_overloaded";
    case "timeout_error":
      return "upstream_timeout";
    default:
      return "upstream_failed";
  }
}
