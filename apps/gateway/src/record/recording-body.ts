import { type BodyFlow, type BodySink, isPushBody } from "../upstream/push-body";
import type { ExchangeRecorder } from "./exchange-recorder";

/**
 * An upstream body that records each read as it passes. `callUpstream` hands it out only when the
 * exchange records, and `relayUpstream` finds the recorder on it, so no surface handler has to pass
 * one along (and recording off adds nothing per read). On the stream's path the relay takes `stream`,
 * which records each read as it is pushed, with no async step; a body read by iteration (an error's text,
 * a body that cannot push) records through the iterator.
 */
export class RecordingBody implements AsyncIterable<Uint8Array> {
  /** Present when the body it wraps pushes its reads (push-body.ts): each read is recorded on its way. */
  readonly stream?: (sink: BodySink) => BodyFlow;

  constructor(
    private readonly source: AsyncIterable<Uint8Array>,
    readonly recorder: ExchangeRecorder,
  ) {
    if (isPushBody(source))
      this.stream = (sink) =>
        source.stream({
          data(chunk) {
            recorder.read(chunk);
            sink.data(chunk);
          },
          end: (error) => sink.end(error),
        });
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    const inner = this.source[Symbol.asyncIterator]();
    const { recorder } = this;
    return {
      async next() {
        const result = await inner.next();
        if (result.done !== true) recorder.read(result.value);
        return result;
      },
      // Cancelling the recording body cancels the upstream's (the socket closes, the KV cache frees).
      async return(value?: unknown) {
        return (await inner.return?.(value)) ?? { done: true, value: undefined };
      },
    };
  }
}
