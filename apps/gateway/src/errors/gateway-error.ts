import { Data } from "effect";
import type { PipelineError } from "../pipeline-events";
import { ERROR_TABLE, type ErrorReason } from "./error-table";

/** An error as data (`_tag`, a reason, the message); status, type and retry come from ERROR_TABLE. */
export class GatewayError extends Data.TaggedError("GatewayError")<{
  readonly reason: ErrorReason;
  readonly message: string;
  /** An upstream's `retry-after`, passed on as given. */
  readonly retryAfter?: string;
}> {
  get status(): number {
    return ERROR_TABLE[this.reason].status;
  }
  get type(): PipelineError["type"] {
    return ERROR_TABLE[this.reason].type;
  }
  get retry(): boolean {
    return ERROR_TABLE[this.reason].retry;
  }
  /** The error an `error` event carries (a stream that already started ends with it), and the log's. */
  get object(): PipelineError {
    return { type: this.type, message: this.message };
  }
}

export function gatewayError(reason: ErrorReason, message: string, retryAfter?: string): GatewayError {
  return new GatewayError(retryAfter === undefined ? { reason, message } : { reason, message, retryAfter });
}

/** What a request still open when the drain time is up gets: a 529, or an `error` event, that says retry. */
export function shuttingDown(): GatewayError {
  return gatewayError("shutting_down", "the gateway is shutting down; retry the request");
}
