import { gatewayError } from "@sluice/events";
import type { Exchange } from "../exchange";
import { replyError } from "./reply-error";

/** 401 for a request without a configured client key: the API's routes and the console's API alike. */
export function replyUnauthorized(exchange: Exchange): void {
  const { headers } = exchange.request;
  const presented = headers["x-api-key"] !== undefined || headers.authorization !== undefined;
  // Anthropic's wording, which clients (and apiKeyHelper refreshes) recognise.
  replyError(
    exchange,
    gatewayError("unauthorized", presented ? "invalid x-api-key" : "x-api-key header is required"),
  );
}
