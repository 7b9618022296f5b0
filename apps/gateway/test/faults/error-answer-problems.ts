import type { Answer } from "./ask-gateway";

const ERROR_TYPES = new Set([
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
]);

/**
 * What is wrong with an answer that should be an Anthropic error (docs/http-api.md §5): a JSON body
 * `{"type":"error","error":{"type","message"},"request_id"}` whose id is the `request-id` header, an
 * `x-should-retry` header, and a status that is an error's. Empty when it is well formed.
 */
export function errorAnswerProblems(answer: Answer): string[] {
  if (answer.kind !== "json") return [`expected a JSON error body, got an SSE stream (${answer.status})`];
  const problems: string[] = [];
  if (answer.status < 400 || answer.status > 599) problems.push(`status ${answer.status} is not an error's`);
  const body = answer.body as {
    type?: unknown;
    error?: { type?: unknown; message?: unknown };
    request_id?: unknown;
  } | null;
  if (body?.type !== "error") problems.push(`body.type is ${JSON.stringify(body?.type)}, not "error"`);
  if (typeof body?.error?.type !== "string" || !ERROR_TYPES.has(body.error.type))
    problems.push(`error.type ${JSON.stringify(body?.error?.type)} is not an Anthropic error type`);
  if (typeof body?.error?.message !== "string" || body.error.message === "")
    problems.push("error.message is not a non-empty string");
  const requestId = answer.headers.get("request-id");
  if (requestId === null || body?.request_id !== requestId)
    problems.push(
      `request_id ${JSON.stringify(body?.request_id)} differs from the request-id header ${requestId}`,
    );
  if (answer.headers.get("x-should-retry") === null) problems.push("no x-should-retry header");
  return problems;
}

/** The error's type and message, read after `errorAnswerProblems` found none. */
export function errorOf(answer: Answer): { readonly type: string; readonly message: string } {
  return (answer as { body: { error: { type: string; message: string } } }).body.error;
}
