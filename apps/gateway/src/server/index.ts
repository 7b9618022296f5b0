export { createRequestId, routePath } from "./create-exchange";
export {
  createGateway,
  DEFAULT_PING_INTERVAL_MS,
  type Gateway,
  type GatewayOptions,
  type ListeningAddress,
} from "./create-gateway";
export { createAuthCheck } from "./http/create-auth-check";
export { createGatewayLogger, type GatewayLoggerOptions } from "./observe/create-gateway-logger";
export type { GatewayMetrics } from "./observe/create-gateway-metrics";
export { logRequest, type RequestLogEntry } from "./observe/request-log";
export { compileServedConfig, type ServedConfig, type ServedModel } from "./served/compile-served-config";
export { defaultUpstreamFor } from "./served/default-upstream-for";
export type { ModelWindow } from "./served/model-window";
