export { ERROR_TYPES, type ErrorObject, type ErrorType } from "./error-type";
export {
  ERROR_TABLE,
  type ErrorReason,
  type ErrorRow,
  GatewayError,
  gatewayError,
  reasonOfStreamError,
  reasonOfUpstreamStatus,
} from "./gateway-error";
export type { StopReason } from "./stop-reason";
export type * from "./stream-event";
