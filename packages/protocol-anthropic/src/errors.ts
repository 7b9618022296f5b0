import { Data } from "effect";
import type { ErrorEvent, ErrorObject, ErrorType } from "./stream-events";

/**
 * Anthropic's status for each error type (docs/protocol.md A5). Some cases of docs/http-api.md §5 pick another
 * status for the same type (an upstream 401/403 or 5xx is `api_error` with 502), so a
 * `GatewayError` may carry an explicit status.
 */
export const ERROR_STATUS: { readonly [Type in ErrorType]: number } = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

/** What the Anthropic SDKs (and so Claude Code) retry: 408, 409, 429 and every 5xx. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** An error as data: the HTTP status and whether a retry can help travel with it. */
export class GatewayError extends Data.TaggedError("GatewayError")<{
  readonly type: ErrorType;
  readonly message: string;
  readonly status: number;
  readonly retryable: boolean;
}> {}

export function gatewayError(type: ErrorType, message: string, options: { readonly status?: number } = {}) {
  const status = options.status ?? ERROR_STATUS[type];
  return new GatewayError({ type, message, status, retryable: isRetryableStatus(status) });
}

export interface ErrorBody {
  readonly type: "error";
  readonly error: ErrorObject;
  readonly request_id: string | null;
}

/** The HTTP error body (docs/protocol.md A5): `{"type":"error","error":{type,message},"request_id"}`. */
export function errorBody(error: ErrorObject, requestId: string | null): ErrorBody {
  return { type: "error", error: { type: error.type, message: error.message }, request_id: requestId };
}

/** The in-stream `error` event: the same error object, without `request_id` (docs/protocol.md A4). */
export function errorEvent(error: ErrorObject): ErrorEvent {
  return { type: "error", error: { type: error.type, message: error.message } };
}
