import { createAnthropicTranscoder, type TranscoderOptions, type TranscoderSummary } from "@sluice/pipeline";
import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { upstreamErrorForStream } from "../upstream/map-upstream-error";

export interface RelayOptions {
  /** The upstream body (status 200), pulled one read at a time. */
  readonly body: AsyncIterable<Uint8Array>;
  readonly transcoder: TranscoderOptions;
  readonly clientSignal: AbortSignal;
  /** The upstream key, scrubbed from in-stream error messages. */
  readonly apiKey: string | undefined;
  /**
   * Takes the events of message_start, then of each upstream read (maybe none), then of the end.
   * A returned promise holds the next upstream read until it settles: that is the backpressure.
   */
  readonly emit: (events: readonly MessageStreamEvent[]) => Promise<void> | undefined;
  readonly onFirstByte: () => void;
}

/**
 * The one path for both modes (docs/architecture.md §1): upstream bytes → transcoder → events, read by read.
 * A failure after the stream started (network cut, idle timeout) ends it with the transcoder's
 * `error` event; after message_stop (or when the client left) the upstream body is cancelled,
 * which closes its socket so the model server frees the KV cache.
 */
export async function relayUpstream(options: RelayOptions): Promise<TranscoderSummary> {
  let events: MessageStreamEvent[] = [];
  const transcoder = createAnthropicTranscoder(options.transcoder, (event) => events.push(event));
  // Synchronous unless the consumer asks to wait: no extra await per upstream read on the hot path.
  const flush = (): Promise<void> | undefined => {
    const taken = events;
    events = [];
    return options.emit(taken);
  };
  const { clientSignal } = options;
  const iterator = options.body[Symbol.asyncIterator]();
  let bodyEnded = false;
  let failed = false;
  let failure: unknown;
  let sawFirstByte = false;

  transcoder.start();
  try {
    await flush();
    while (!transcoder.finished && !clientSignal.aborted) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await iterator.next();
      } catch (error) {
        bodyEnded = true;
        failed = true;
        failure = error;
        break;
      }
      if (clientSignal.aborted) break;
      if (next.done === true) {
        bodyEnded = true;
        transcoder.end();
      } else {
        if (!sawFirstByte) {
          sawFirstByte = true;
          options.onFirstByte();
        }
        transcoder.push(next.value);
      }
      const pending = flush();
      if (pending !== undefined) await pending;
    }
    if (failed && !clientSignal.aborted) {
      transcoder.end(upstreamErrorForStream(failure, { apiKey: options.apiKey }));
      await flush();
    }
  } finally {
    // Chunks after message_stop are dropped (docs/protocol.md B5), and nobody reads for a client that left.
    if (!bodyEnded) await iterator.return?.();
  }
  return transcoder.summary;
}
