import type { ErrorObject, StreamEvent } from "@sluice/events";
import { createResponsesEncoder, type ResponsesEncoderOptions } from "./create-responses-encoder";
import type { ResponseObject } from "./response-object";

export interface ResponseAggregator {
  /** Folds one Sluice event in. */
  push(event: StreamEvent): void;
  /** Set when the stream ended with an `error` event (the gateway answers with an error status then). */
  readonly error: ErrorObject | undefined;
  /** The response a `stream: false` client gets; throws unless the stream has ended. */
  response(): ResponseObject;
}

const FINAL_EVENTS = new Set(["response.completed", "response.incomplete", "response.failed"]);

/**
 * For `stream: false`: runs the very encoder the stream uses and keeps its final response, so a
 * non-streaming answer is exactly the response `response.completed` carries (docs/architecture.md I6).
 */
export function createResponseAggregator(options: ResponsesEncoderOptions): ResponseAggregator {
  const encoder = createResponsesEncoder(options);
  let final: ResponseObject | undefined;
  let error: ErrorObject | undefined;
  return {
    push(event) {
      if (event.type === "error" && final === undefined) error = event.error;
      for (const encoded of encoder.encode(event)) {
        if (FINAL_EVENTS.has(encoded.type) && "response" in encoded) final = encoded.response;
      }
    },
    get error() {
      return error;
    },
    response() {
      if (final === undefined) throw new Error("the response stream has not ended yet");
      return final;
    },
  };
}
