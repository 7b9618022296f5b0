import type { ErrorType } from "@sluice/events";
import type { ResponseErrorCode } from "./response-object";

/**
 * How a Responses stream that failed after its first byte reports a gateway error (its Sluice error type): the
 * `error` event and `response.failed`. An error before the first byte is an HTTP answer instead, whose body
 * comes from the one OpenAI table (`openAIErrorBody`, @sluice/chat-completions-surface) on both routes.
 */
export interface StreamErrorRow {
  /** `error.type` of the `error` event's nested error object. */
  readonly type: string;
  /**
   * The code of the `error` event and of `response.failed`. Kept apart from the HTTP table's `code` because
   * the lists really differ: the SDK's `ResponseError` codes are only server_error, rate_limit_exceeded and
   * invalid_prompt (no invalid_api_key, model_not_found, server_is_overloaded …).
   */
  readonly streamCode: ResponseErrorCode;
}

const SERVER_ERROR: StreamErrorRow = { type: "server_error", streamCode: "server_error" };

/**
 * A failed request mid-stream reads `invalid_prompt`, which Codex does not retry; `server_error` it retries.
 * The nested `type` is the stream's own (`requests` for a rate limit, `server_error` when overloaded), which
 * the HTTP table words differently (`rate_limit_error`, `service_unavailable_error`); kept as it was.
 */
export const STREAM_ERROR_TABLE: { readonly [Type in ErrorType]: StreamErrorRow } = {
  invalid_request_error: { type: "invalid_request_error", streamCode: "invalid_prompt" },
  request_too_large: { type: "invalid_request_error", streamCode: "invalid_prompt" },
  authentication_error: { type: "invalid_request_error", streamCode: "invalid_prompt" },
  permission_error: { type: "invalid_request_error", streamCode: "invalid_prompt" },
  not_found_error: { type: "invalid_request_error", streamCode: "invalid_prompt" },
  billing_error: { type: "insufficient_quota", streamCode: "invalid_prompt" },
  // OpenAI's own 429 says `type: "requests"` (or "tokens"), `code: "rate_limit_exceeded"`.
  rate_limit_error: { type: "requests", streamCode: "rate_limit_exceeded" },
  api_error: SERVER_ERROR,
  timeout_error: SERVER_ERROR,
  overloaded_error: SERVER_ERROR,
};

/** The row for an error type; a type from a newer table than ours reads as a server error. */
export function streamErrorRow(type: string): StreamErrorRow {
  return Object.hasOwn(STREAM_ERROR_TABLE, type) ? STREAM_ERROR_TABLE[type as ErrorType] : SERVER_ERROR;
}
