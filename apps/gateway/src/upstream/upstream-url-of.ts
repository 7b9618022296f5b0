import { UpstreamConnectionError } from "./upstream-connection-error";
import { UpstreamTimeoutError } from "./upstream-timeout-error";

/** The URL a failure before the response headers names (the replica that failed), if it names one. */
export function upstreamUrlOf(error: unknown): string | undefined {
  return error instanceof UpstreamConnectionError || error instanceof UpstreamTimeoutError
    ? error.url
    : undefined;
}
