import type { PipelineErrorType } from "../pipeline-events";

export interface ErrorRow {
  /** The HTTP status, the same on every surface (docs/http-api.md §5). */
  readonly status: number;
  /** The error type of the Anthropic body and of an `error` event; the OpenAI surfaces map it to theirs. */
  readonly type: PipelineErrorType;
  /** `x-should-retry`: false wherever retrying cannot help (Claude Code otherwise retries ten times). */
  readonly retry: boolean;
}

/**
 * Why a request failed, as the gateway knows it: the one family every failure becomes, its own (a bad
 * body, a drain) and the upstream's (unreachable, timeout, a status, a bad stream, an answer too large),
 * and the one error → status table (docs/http-api.md §5). Each surface writes a reason from its row
 * (`ERROR_BODIES`).
 */
export const ERROR_TABLE = {
  /** The body is not JSON, breaks the schema, or nests too deep. */
  invalid_request: { status: 400, type: "invalid_request_error", retry: false },
  unauthorized: { status: 401, type: "authentication_error", retry: false },
  /** No route: an unknown path, or a model no name or alias matches. */
  not_found: { status: 404, type: "not_found_error", retry: false },
  method_not_allowed: { status: 405, type: "invalid_request_error", retry: false },
  body_too_large: { status: 413, type: "request_too_large", retry: false },
  /** Too many request bodies (and held answers) at once (`server.max_inflight_body_bytes`). */
  gateway_busy: { status: 529, type: "overloaded_error", retry: true },
  /**
   * An answer the gateway must hold whole (`stream: false`, a Responses stream) passed
   * `server.max_answer_bytes`: the same request would pass it again, so it is not retried.
   */
  answer_too_large: { status: 502, type: "api_error", retry: false },
  /** The gateway is draining for a shutdown. */
  shutting_down: { status: 529, type: "overloaded_error", retry: true },
  /** The upstream said the prompt does not fit (Anthropic's `prompt is too long` wording). */
  context_overflow: { status: 400, type: "invalid_request_error", retry: false },
  /** Another 4xx from the upstream: the request is the problem. */
  upstream_rejected_request: { status: 400, type: "invalid_request_error", retry: false },
  /** Upstream 401/403: `upstream.api_key` is wrong. */
  upstream_rejected_credentials: { status: 502, type: "api_error", retry: false },
  /** Upstream 404: `base_url` or `upstream.model` is wrong. */
  upstream_not_found: { status: 502, type: "api_error", retry: false },
  /** Upstream 3xx: never followed (it would carry the prompt elsewhere). */
  upstream_redirect: { status: 502, type: "api_error", retry: false },
  upstream_rate_limited: { status: 429, type: "rate_limit_error", retry: true },
  upstream_overloaded: { status: 529, type: "overloaded_error", retry: true },
  /** Upstream 5xx, a cut connection, an unreadable answer or stream. */
  upstream_failed: { status: 502, type: "api_error", retry: true },
  /**
   * No connection to the upstream (refused, unknown host, DNS), still so after the gateway's own brief
   * retries: the server is down or `base_url` is wrong, so the client is told once instead of retrying.
   */
  upstream_unreachable: { status: 502, type: "api_error", retry: false },
  upstream_timeout: { status: 504, type: "timeout_error", retry: true },
  /** The client went away; nobody receives the answer (nginx's 499, for the log). */
  client_closed: { status: 499, type: "api_error", retry: false },
  /** A bug in the gateway. */
  internal: { status: 500, type: "api_error", retry: true },
} as const satisfies Readonly<Record<string, ErrorRow>>;

export type ErrorReason = keyof typeof ERROR_TABLE;
