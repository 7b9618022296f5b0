import type { ErrorObject, StreamEvent } from "@sluice/events";

/** How one surface writes the pipeline's events: as a stream, or folded into one answer. */
export interface SurfaceEncoder {
  /**
   * The stream repeats its output at its end (Responses: the `.done` events, `response.completed`), so
   * a streamed answer is held whole too, within `server.max_answer_bytes`, as a `stream: false` one is.
   */
  readonly streamHoldsAnswer: boolean;
  /** What a client can do about an answer past `server.max_answer_bytes`, for the error message. */
  readonly tooLargeAdvice: string;
  /** SSE text for each read's events, then what ends the stream (`data: [DONE]`); its keep-alive. */
  createStream(): {
    encode(events: readonly StreamEvent[]): string;
    end(): string;
    readonly ping: string;
  };
  /** The non-streaming answer the same events fold into. */
  createAggregator(): {
    push(event: StreamEvent): void;
    readonly error: ErrorObject | undefined;
    result(): unknown;
  };
}
