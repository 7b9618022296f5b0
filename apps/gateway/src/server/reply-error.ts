import { type ErrorType, errorBody } from "@sluice/protocol-anthropic";
import type { Exchange } from "./exchange";
import { sendJson } from "./send-json";

/** Answers with an Anthropic error body carrying the request id (GATEWAY.md §Errors) and notes it in the log line. */
export function replyError(
  exchange: Exchange,
  status: number,
  type: ErrorType,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): void {
  exchange.log.error = { type, message };
  const { response } = exchange;
  if (response.headersSent || response.destroyed) return;
  sendJson(response, status, errorBody({ type, message }, exchange.requestId), headers);
}
