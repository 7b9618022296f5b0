export { compileServedConfig, type ServedConfig, type ServedModel } from "./compile-served-config";
export { createAuthCheck } from "./create-auth-check";
export {
  createGateway,
  DEFAULT_PING_INTERVAL_MS,
  type Gateway,
  type GatewayOptions,
  type ListeningAddress,
} from "./create-gateway";
export { createGatewayLogger, type GatewayLoggerOptions } from "./create-gateway-logger";
export type { GatewayMetrics } from "./create-gateway-metrics";
export { createRequestId } from "./create-request-id";
export { defaultUpstreamFor } from "./default-upstream-for";
export type { ModelWindow } from "./model-window";
export { logRequest, type RequestLogEntry } from "./request-log";
export { routePath } from "./routes";
