import type { ErrorType } from "@sluice/protocol-anthropic";

/** docs/protocol.md B7: the Anthropic error type for an upstream HTTP status (checked first). */
const ERROR_TYPES_BY_STATUS: ReadonlyMap<number, ErrorType> = new Map([
  [400, "invalid_request_error"],
  [429, "rate_limit_error"],
  [503, "overloaded_error"],
  // 529 is Anthropic's own "overloaded" status; an upstream that speaks it means the same.
  [529, "overloaded_error"],
]);

/** Without a status: the upstream error's `type` (vLLM `BadRequestError`, OpenAI `invalid_request_error` …). */
const ERROR_TYPES_BY_NAME: readonly { readonly pattern: RegExp; readonly errorType: ErrorType }[] = [
  { pattern: /overload/i, errorType: "overloaded_error" },
  { pattern: /rate.?limit/i, errorType: "rate_limit_error" },
  { pattern: /invalid.?request|bad.?request/i, errorType: "invalid_request_error" },
];

/** The Anthropic error type for an upstream error: by its status when it has one, else by its type name. */
export function upstreamErrorType(status: number | undefined, type: string | undefined): ErrorType {
  if (status !== undefined) return ERROR_TYPES_BY_STATUS.get(status) ?? "api_error";
  if (type !== undefined) {
    for (const row of ERROR_TYPES_BY_NAME) if (row.pattern.test(type)) return row.errorType;
  }
  return "api_error";
}
