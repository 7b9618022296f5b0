import type { ErrorType } from "@sluice/protocol-anthropic";
import type { ResponseErrorCode } from "./response-object";

export interface OpenAIErrorRow {
  /** `error.type` of an OpenAI error body. */
  readonly type: string;
  /** `error.code` of an OpenAI error body. */
  readonly code: string | null;
  /** The code of a stream's `error` event and of `response.failed` (the SDK's `ResponseError` codes). */
  readonly streamCode: ResponseErrorCode;
}

const SERVER_ERROR: OpenAIErrorRow = {
  type: "server_error",
  code: "server_error",
  streamCode: "server_error",
};

/**
 * The gateway's (Anthropic-typed) errors as OpenAI reports them: 400 invalid_request_error, 401
 * invalid_api_key, 404 model_not_found, 429 rate_limit_exceeded, 5xx server_error. A failed request
 * mid-stream reads `invalid_prompt`, which Codex does not retry; `server_error` it retries.
 */
export const OPENAI_ERROR_TABLE: { readonly [Type in ErrorType]: OpenAIErrorRow } = {
  invalid_request_error: { type: "invalid_request_error", code: null, streamCode: "invalid_prompt" },
  request_too_large: { type: "invalid_request_error", code: null, streamCode: "invalid_prompt" },
  authentication_error: {
    type: "invalid_request_error",
    code: "invalid_api_key",
    streamCode: "invalid_prompt",
  },
  permission_error: { type: "invalid_request_error", code: null, streamCode: "invalid_prompt" },
  not_found_error: { type: "invalid_request_error", code: "model_not_found", streamCode: "invalid_prompt" },
  billing_error: { type: "insufficient_quota", code: "insufficient_quota", streamCode: "invalid_prompt" },
  // OpenAI's own 429 says `type: "requests"` (or "tokens"), `code: "rate_limit_exceeded"`.
  rate_limit_error: { type: "requests", code: "rate_limit_exceeded", streamCode: "rate_limit_exceeded" },
  api_error: SERVER_ERROR,
  timeout_error: SERVER_ERROR,
  overloaded_error: SERVER_ERROR,
};

/** The row for an error type; a type from a newer table than ours reads as a server error. */
export function openAIErrorRow(type: string): OpenAIErrorRow {
  return Object.hasOwn(OPENAI_ERROR_TABLE, type) ? OPENAI_ERROR_TABLE[type as ErrorType] : SERVER_ERROR;
}
