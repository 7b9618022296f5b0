/**
 * The gateway's error types (docs/http-api.md §5): an HTTP error's and an in-stream error's. They are the
 * Anthropic surface's own, word for word; the OpenAI surfaces map each to theirs. A list for what must check a
 * value at run time (metrics labels).
 */
export const ERROR_TYPES = [
  "invalid_request_error",
  "authentication_error",
  "billing_error",
  "permission_error",
  "not_found_error",
  "request_too_large",
  "rate_limit_error",
  "api_error",
  "timeout_error",
  "overloaded_error",
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ErrorObject {
  readonly type: ErrorType;
  readonly message: string;
}
