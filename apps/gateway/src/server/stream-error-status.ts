import { ERROR_STATUS, type ErrorType } from "@sluice/protocol-anthropic";

/**
 * The HTTP status for an error a `stream: false` request met while the upstream streamed: errors here
 * come from the upstream, so `api_error` is a bad gateway (502), not the gateway's own 500.
 */
export function streamErrorStatus(type: ErrorType): number {
  return type === "api_error" ? 502 : ERROR_STATUS[type];
}
