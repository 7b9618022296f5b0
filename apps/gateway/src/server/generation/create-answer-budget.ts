import { type ErrorObject, type GatewayError, gatewayError, type StreamEvent } from "@sluice/events";
import type { BodyBudget } from "../http/create-body-budget";

/**
 * What one answer the gateway holds whole may take (`server.max_answer_bytes`): a `stream: false` answer
 * is folded into one message, and a Responses stream repeats its output at its end, so their text,
 * thinking and tool arguments stay in memory until the answer is sent. The bytes count in the in-flight
 * budget too (`server.max_inflight_body_bytes`), beside the request bodies, until the exchange is over.
 */
export interface AnswerBudget {
  /**
   * Counts the UTF-8 bytes of the events' deltas; the error to end the answer with, instead of these
   * events, once they would pass either limit (then on every later call too).
   */
  take(events: readonly StreamEvent[]): ErrorObject | undefined;
  /** Why `take` refused (answer with it when nothing was sent yet); undefined while it has not. */
  readonly failure: GatewayError | undefined;
  /** Gives the held bytes back to the in-flight budget, once the answer has been sent or abandoned. */
  release(): void;
}

export interface AnswerBudgetOptions {
  /** `server.max_answer_bytes`. */
  readonly maxBytes: number;
  /** The budget request bodies are read within (`server.max_inflight_body_bytes`). */
  readonly inflight: BodyBudget;
  /** What the client can do about an answer too large, for the message (`stream: true`, `max_tokens`). */
  readonly advice: string;
}

export function createAnswerBudget(options: AnswerBudgetOptions): AnswerBudget {
  let held = 0;
  // `failure` is a plain field set here, not a getter: an object literal with a getter is a slow
  // (dictionary-mode) object in V8, and `take` is called on every upstream read of a Responses stream.
  const budget: { failure: GatewayError | undefined } & Omit<AnswerBudget, "failure"> = {
    failure: undefined,
    take(events) {
      if (budget.failure !== undefined) return budget.failure.object;
      let bytes = 0;
      for (const event of events) {
        // A thinking block's signature is the gateway's own fixed string, not the answer's.
        if (event.type === "block-delta" && event.kind !== "signature")
          bytes += Buffer.byteLength(event.text);
      }
      if (bytes === 0) return undefined;
      if (held + bytes > options.maxBytes) {
        budget.failure = gatewayError(
          "answer_too_large",
          `The answer passed ${options.maxBytes} bytes of text, thinking and tool arguments, the most the gateway holds of one answer it must keep whole (server.max_answer_bytes); ${options.advice}`,
        );
      } else if (!options.inflight.tryReserve(bytes)) {
        budget.failure = gatewayError(
          "gateway_busy",
          "The gateway holds too many request bodies and answers at once (server.max_inflight_body_bytes); retry shortly",
          "1",
        );
      } else {
        held += bytes;
        return undefined;
      }
      return budget.failure.object;
    },
    release() {
      options.inflight.release(held);
      held = 0;
    },
  };
  return budget;
}
