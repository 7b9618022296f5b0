import type { PipelineErrorType } from "../pipeline-events";
import type { ErrorReason } from "./error-table";

/** The reason for an upstream HTTP status other than 200 (docs/protocol.md B7), before any wording is read. */
export function reasonOfUpstreamStatus(status: number): ErrorReason {
  if (status === 401 || status === 403) return "upstream_rejected_credentials";
  if (status === 404) return "upstream_not_found";
  if (status === 429) return "upstream_rate_limited";
  // 529 is Anthropic's own "overloaded"; an upstream that speaks it means the same as a saturated vLLM's 503.
  if (status === 503 || status === 529) return "upstream_overloaded";
  if (status >= 300 && status <= 399) return "upstream_redirect";
  if (status >= 400 && status <= 499) return "upstream_rejected_request";
  return "upstream_failed";
}

/**
 * The reason behind an in-stream error's type, for a `stream: false` answer folded from a stream that
 * ended in an `error` event: every such error came from the upstream.
 */
export function reasonOfStreamError(type: PipelineErrorType): ErrorReason {
  switch (type) {
    case "invalid_request_error":
      return "upstream_rejected_request";
    case "rate_limit_error":
      return "upstream_rate_limited";
    case "overloaded_error":
      return "upstream_overloaded";
    case "timeout_error":
      return "upstream_timeout";
    default:
      return "upstream_failed";
  }
}
