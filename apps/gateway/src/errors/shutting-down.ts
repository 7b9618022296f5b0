import { type GatewayError, gatewayError } from "@sluice/events";

/** What a request still open when the drain time is up gets: a 529, or an `error` event, that says retry. */
export function shuttingDown(): GatewayError {
  return gatewayError("shutting_down", "the gateway is shutting down; retry the request");
}
