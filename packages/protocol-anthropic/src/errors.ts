import type { ErrorObject } from "@sluice/events";
import type { ErrorEvent } from "./stream-events";

export interface ErrorBody {
  readonly type: "error";
  readonly error: ErrorObject;
  readonly request_id: string | null;
}

/** The HTTP error body (docs/protocol.md A5): `{"type":"error","error":{type,message},"request_id"}`. */
export function errorBody(error: ErrorObject, requestId: string | null): ErrorBody {
  return { type: "error", error: { type: error.type, message: error.message }, request_id: requestId };
}

/** The in-stream `error` event: the same error object, without `request_id` (docs/protocol.md A4). */
export function errorEvent(error: ErrorObject): ErrorEvent {
  return { type: "error", error: { type: error.type, message: error.message } };
}
