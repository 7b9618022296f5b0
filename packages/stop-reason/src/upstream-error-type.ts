import { ERROR_TABLE, type ErrorType, reasonOfUpstreamStatus } from "@sluice/events";

/** Without a status: the upstream error's `type` (vLLM `BadRequestError`, OpenAI `invalid_request_error` …). */
const ERROR_TYPES_BY_NAME: readonly { readonly pattern: RegExp; readonly errorType: ErrorType }[] = [
  { pattern: /overload/i, errorType: "overloaded_error" },
  { pattern: /rate.?limit/i, errorType: "rate_limit_error" },
  { pattern: /invalid.?request|bad.?request/i, errorType: "invalid_request_error" },
];

/**
 * The error type for an error the upstream sent inside its stream (docs/protocol.md B7): by its
 * status through the gateway's one error table when it has one, else by its type name.
 */
export function upstreamErrorType(status: number | undefined, type: string | undefined): ErrorType {
  if (status !== undefined) return ERROR_TABLE[reasonOfUpstreamStatus(status)].type;
  if (type !== undefined) {
    for (const row of ERROR_TYPES_BY_NAME) if (row.pattern.test(type)) return row.errorType;
  }
  return "api_error";
}
