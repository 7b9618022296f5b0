import { openAIErrorBody } from "@sluice/chat-completions-surface";
import type { GatewayError } from "@sluice/events";
import { errorBody } from "@sluice/protocol-anthropic";
import type { Exchange } from "./exchange";
import { OPENAI_PATHS } from "./openai-paths";
import { sendJson } from "./send-json";

/**
 * Answers with an error body carrying the request id (docs/http-api.md §5) and notes it in the log line:
 * Anthropic's shape, or OpenAI's on the OpenAI routes (so the openai SDK raises its own typed errors).
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
  const body = OPENAI_PATHS.has(exchange.log.path)
    ? openAIErrorBody(error.object, exchange.requestId)
    : errorBody(error.object, exchange.requestId);
  sendJson(response, error.status, body, {
    ...headers,
    ...(error.retryAfter === undefined ? {} : { "retry-after": error.retryAfter }),
    "x-should-retry": String(error.retry),
  });
}
