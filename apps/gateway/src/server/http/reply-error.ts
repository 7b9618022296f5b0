import type { GatewayError } from "@sluice/events";
import { ERROR_BODIES } from "../../errors/error-bodies";
import type { Exchange } from "../exchange";
import { sendJson } from "./send-json";

/**
 * Answers with an error body carrying the request id (docs/http-api.md §5) and notes it in the log line,
 * in the shape of the route's API (so the openai SDK raises its own typed errors on the OpenAI routes).
 * Status, type and `x-should-retry` come from the error's row of the one table, so a wrong key or
 * base_url is not retried ten times by Claude Code; an upstream's `retry-after` is passed on.
 */
export function replyError(
  exchange: Exchange,
  error: GatewayError,
  headers: Readonly<Record<string, string>> = {},
): void {
  exchange.log.error = error.object;
  const { response } = exchange;
  if (response.headersSent || response.destroyed) return;
  sendJson(response, error.status, ERROR_BODIES[exchange.errorShape](error, exchange.requestId), {
    ...headers,
    ...(error.retryAfter === undefined ? {} : { "retry-after": error.retryAfter }),
    "x-should-retry": String(error.retry),
  });
}
