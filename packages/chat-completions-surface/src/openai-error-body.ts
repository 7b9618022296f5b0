/** OpenAI's error body: `{"error":{"message","type","param","code"}}`, over HTTP and as an in-stream chunk. */
export interface OpenAIErrorBody {
  readonly error: {
    readonly message: string;
    readonly type: string;
    readonly param: null;
    readonly code: string | null;
  };
}

interface OpenAIErrorKind {
  readonly type: string;
  readonly code: string | null;
}

/**
 * The gateway's error type (Anthropic's words, @sluice/events) → what api.openai.com answers in the same situation, so that OpenAI clients
 * branch as usual (they read `code` first: LangChain's context overflow, Codex's quota handling).
 *
 * | Sluice (HTTP)               | OpenAI type                 | OpenAI code            | OpenAI's own body for it |
 * | --------------------------- | --------------------------- | ---------------------- | ------------------------ |
 * | invalid_request_error (400) | invalid_request_error       | null                   | a bad field: code null or the field's own code, which Sluice does not know |
 * |   … "prompt is too long…"   | invalid_request_error       | context_length_exceeded| "This model's maximum context length is …" |
 * | authentication_error (401)  | invalid_request_error       | invalid_api_key        | 401 "Incorrect API key provided" |
 * | billing_error (402)         | insufficient_quota          | insufficient_quota     | 429 "You exceeded your current quota" |
 * | permission_error (403)      | invalid_request_error       | null                   | "You have insufficient permissions for this operation." |
 * | not_found_error (404)       | invalid_request_error       | model_not_found        | 404 "The model `x` does not exist or you do not have access to it." |
 * | request_too_large (413)     | invalid_request_error       | null                   | OpenAI reports an oversized request as a bad request |
 * | rate_limit_error (429)      | rate_limit_error            | rate_limit_exceeded    | 429 "Rate limit reached …"; the type is `tokens` or `requests` there, which the gateway cannot tell, so the documented `rate_limit_error` |
 * | api_error (500/502)         | server_error                | server_error           | 500 "The server had an error …" (code null over HTTP, `server_error` in stream errors, openai-node#1730) |
 * | timeout_error (504)         | server_error                | server_error           | OpenAI has no timeout type; a server-side failure to retry |
 * | overloaded_error (529/503)  | service_unavailable_error   | server_is_overloaded   | 503 "The server is overloaded …" (OpenAI's error-code guide) |
 * | anything else               | server_error                | server_error           | |
 *
 * Keyed by a Map, so a wire value such as `__proto__` is simply unknown.
 */
const OPENAI_ERROR_KINDS: ReadonlyMap<string, OpenAIErrorKind> = new Map([
  ["invalid_request_error", { type: "invalid_request_error", code: null }],
  ["authentication_error", { type: "invalid_request_error", code: "invalid_api_key" }],
  ["billing_error", { type: "insufficient_quota", code: "insufficient_quota" }],
  ["permission_error", { type: "invalid_request_error", code: null }],
  ["not_found_error", { type: "invalid_request_error", code: "model_not_found" }],
  ["request_too_large", { type: "invalid_request_error", code: null }],
  ["rate_limit_error", { type: "rate_limit_error", code: "rate_limit_exceeded" }],
  ["api_error", { type: "server_error", code: "server_error" }],
  ["timeout_error", { type: "server_error", code: "server_error" }],
  ["overloaded_error", { type: "service_unavailable_error", code: "server_is_overloaded" }],
]);

const SERVER_ERROR: OpenAIErrorKind = { type: "server_error", code: "server_error" };

/** The gateway words a context overflow as Anthropic does (apps/gateway context-overflow-message.ts). */
const CONTEXT_OVERFLOW_PREFIX = "prompt is too long";

/**
 * The OpenAI error body for a gateway error object (an HTTP error, or the `error` event of a stream
 * that failed after its first byte). The one table for HTTP answers on both OpenAI routes: the gateway
 * answers `/v1/responses` with it too (a Responses stream's own error event: responses-surface). The message is kept as the upstream wrote it, since clients match on
 * wording; a request id is appended the way OpenAI appends its own, after the message.
 */
export function openAIErrorBody(
  error: { readonly type: string; readonly message: string },
  requestId?: string,
): OpenAIErrorBody {
  const kind = OPENAI_ERROR_KINDS.get(error.type) ?? SERVER_ERROR;
  const code =
    error.type === "invalid_request_error" && error.message.startsWith(CONTEXT_OVERFLOW_PREFIX)
      ? "context_length_exceeded"
      : kind.code;
  const message = requestId === undefined ? error.message : `${error.message} (request ID: ${requestId})`;
  return { error: { message, type: kind.type, param: null, code } };
}
