import type { ErrorObject, StreamEvent } from "@sluice/events";
import { createTranscoder, type TranscoderOptions, type TranscoderSummary } from "@sluice/pipeline";
import { shuttingDown } from "../../errors/shutting-down";
import { RecordingBody } from "../../record/recording-body";
import { upstreamErrorForStream } from "../../upstream/map-upstream-error";
import { scrubbedUpstreamMessage } from "../../upstream/scrubbed-upstream-message";

export interface RelayOptions {
  /** The upstream body (status 200), pulled one read at a time. */
  readonly body: AsyncIterable<Uint8Array>;
  readonly transcoder: TranscoderOptions;
  readonly clientSignal: AbortSignal;
  /** Aborted when a shutdown's drain time is up: the stream ends with an `error` event saying so. */
  readonly shutdownSignal: AbortSignal;
  /** The model's upstream secrets (its key, its header values), scrubbed from every error the stream ends with. */
  readonly secrets: readonly string[];
  /**
   * Takes the events of message_start, then of each upstream read (maybe none), then of the end.
   * A returned promise holds the next upstream read until it settles: that is the backpressure.
   */
  readonly emit: (events: readonly StreamEvent[]) => Promise<void> | undefined;
  readonly onFirstByte: () => void;
  /**
   * Looks at each batch before it is emitted (an answer held whole counts its size): an error ends the
   * stream there, with that error event instead of the batch, and the upstream request is cancelled.
   */
  readonly limit?: (events: readonly StreamEvent[]) => ErrorObject | undefined;
}

/**
 * The one path for both modes (docs/architecture.md §1): upstream bytes → transcoder → events, read by read.
 * A failure after the stream started (network cut, idle timeout) ends it with the transcoder's
 * `error` event; after message_stop (or when the client left) the upstream body is cancelled,
 * which closes its socket so the model server frees the KV cache.
 */
export async function relayUpstream(options: RelayOptions): Promise<TranscoderSummary> {
  let events: StreamEvent[] = [];
  const transcoder = createTranscoder(options.transcoder, (event) => events.push(event));
  // Set by callUpstream when the exchange records (server.record_dir, server.console). The relay reads the
  // body under the recording one and records each read itself: one async step fewer per read.
  const recorder = options.body instanceof RecordingBody ? options.body.recorder : undefined;
  const body = options.body instanceof RecordingBody ? options.body.source : options.body;
  recorder?.transcoder(options.transcoder);
  const { limit } = options;
  let limited: ErrorObject | undefined;
  // Synchronous unless the consumer asks to wait: no extra await per upstream read on the hot path.
  const flush = (): Promise<void> | undefined => {
    let taken = events;
    events = [];
    const over = limit?.(taken);
    if (over !== undefined) {
      limited = over;
      transcoder.abort(over);
      // A batch that had already ended the stream (message_stop) is given up all the same.
      taken = events.length > 0 ? events : [{ type: "error", error: over }];
      events = [];
    }
    // An error event only ever ends the stream: only the last batch is looked at, never the hot path.
    if (transcoder.finished) scrubErrorEvents(taken, options.secrets);
    if (recorder !== undefined) recorder.events(taken, transcoder.warnings);
    return options.emit(taken);
  };
  const { clientSignal } = options;
  const iterator = body[Symbol.asyncIterator]();
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
        if (next.done !== true) recorder?.read(next.value);
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
      transcoder.end(
        options.shutdownSignal.aborted ? shuttingDown().object : upstreamErrorForStream(failure),
      );
      await flush();
    }
  } finally {
    // Chunks after message_stop are dropped (docs/protocol.md B5), and nobody reads for a client that left.
    if (!bodyEnded) await iterator.return?.();
  }
  const summary = transcoder.summary;
  if (limited !== undefined) return { ...summary, error: limited };
  return summary.error === undefined
    ? summary
    : { ...summary, error: scrubbedError(summary.error, options.secrets) };
}

/**
 * An upstream may echo its key in an error it sends inside a 200 (an SSE `error` chunk, a JSON
 * `{"error":…}` body): the message is scrubbed and bounded before a client or the log sees it.
 */
function scrubErrorEvents(events: StreamEvent[], secrets: readonly string[]): void {
  for (let index = 0; index < events.length; index++) {
    const event = events[index] as StreamEvent;
    if (event.type === "error") events[index] = { type: "error", error: scrubbedError(event.error, secrets) };
  }
}

function scrubbedError(error: ErrorObject, secrets: readonly string[]): ErrorObject {
  return { type: error.type, message: scrubbedUpstreamMessage(error.message, secrets) };
}
