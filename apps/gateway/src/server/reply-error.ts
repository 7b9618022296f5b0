import { type ErrorType, errorBody } from "@sluice/protocol-anthropic";
import type { Exchange } from "./exchange";
import { sendJson } from "./send-json";

export interface ReplyErrorOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** `x-should-retry`; default by status: yes for 408, 429, 5xx and 529 (transient), no otherwise. */
  readonly retry?: boolean;
}

/**
 * Answers with an Anthropic error body carrying the request id (docs/http-api.md §5) and notes it in the
 * log line. Every error answer says whether to retry (`x-should-retry`, which the Anthropic SDKs and
 * Claude Code honour), so a wrong key or base_url is not retried ten times.
 */
export function replyError(
  exchange: Exchange,
  status: number,
  type: ErrorType,
  message: string,
  options: ReplyErrorOptions = {},
): void {
  exchange.log.error = { type, message };
  const { response } = exchange;
  if (response.headersSent || response.destroyed) return;
  const retry = options.retry ?? isTransient(status);
  sendJson(response, status, errorBody({ type, message }, exchange.requestId), {
    ...options.headers,
    "x-should-retry": String(retry),
  });
}

function isTransient(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
