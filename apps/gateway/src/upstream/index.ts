export type { ContextWindow } from "./context-window";
export {
  createHttpUpstream,
  DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS,
  DEFAULT_UPSTREAM_TIMEOUT_MS,
  type HttpUpstreamOptions,
} from "./create-http-upstream";
export { createReplicatedUpstream, type ReplicatedUpstreamOptions } from "./create-replicated-upstream";
export { type LearnOptions, type LearnTarget, learnContextWindow } from "./learn-context-window";
export {
  type MapUpstreamErrorOptions,
  mapUpstreamFailure,
  mapUpstreamHttpError,
  upstreamErrorForStream,
} from "./map-upstream-error";
export { readUpstreamText } from "./read-upstream-text";
export {
  DEFAULT_UNREACHABLE_RETRY,
  retryUnreachable,
  type UnreachableRetry,
} from "./retry-unreachable";
export type { Upstream, UpstreamRequest, UpstreamResponse } from "./upstream";
export { UpstreamAbortError } from "./upstream-abort-error";
export { UpstreamConnectionError } from "./upstream-connection-error";
export { UpstreamTimeoutError, type UpstreamTimeoutKind } from "./upstream-timeout-error";
export {
  type UnreachableUrl,
  UpstreamUnreachableError,
} from "./upstream-unreachable-error";
export { upstreamUrlOf } from "./upstream-url-of";
