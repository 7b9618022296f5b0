import type { ExchangeRecorder } from "./exchange-recorder";

/**
 * An upstream body that records each read as it passes. `callUpstream` hands it out only when the
 * exchange records, and `relayUpstream` finds the recorder on it, so no surface handler has to pass
 * one along (and recording off adds nothing per read). The relay, on the stream's path, reads `source`
 * and records the reads itself; anything else that reads the body (an error's text) goes through here.
 */
export class RecordingBody implements AsyncIterable<Uint8Array> {
  constructor(
    readonly source: AsyncIterable<Uint8Array>,
    readonly recorder: ExchangeRecorder,
  ) {}

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
