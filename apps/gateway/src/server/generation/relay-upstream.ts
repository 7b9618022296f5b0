import type { ErrorObject, StreamEvent } from "@sluice/events";
import {
  createTranscoder,
  type Transcoder,
  type TranscoderOptions,
  type TranscoderSummary,
} from "@sluice/pipeline";
import { shuttingDown } from "../../errors/shutting-down";
import { RecordingBody } from "../../record/recording-body";
import { upstreamErrorForStream } from "../../upstream/map-upstream-error";
import { isPushBody, type PushBody } from "../../upstream/push-body";
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
  // Set by callUpstream when the exchange records (server.record_dir, server.console); the reads record themselves.
  const recorder = options.body instanceof RecordingBody ? options.body.recorder : undefined;
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
  transcoder.start();
  await flush();
  const reads = { transcoder, flush, options };
  if (isPushBody(options.body)) await pushReads(options.body, reads);
  else await pullReads(options.body, reads);
  const summary = transcoder.summary;
  if (limited !== undefined) return { ...summary, error: limited };
  return summary.error === undefined
    ? summary
    : { ...summary, error: scrubbedError(summary.error, options.secrets) };
}

interface Reads {
  readonly transcoder: Transcoder;
  /** Emits what the transcoder produced since the last flush; a promise while the client cannot take more. */
  readonly flush: () => Promise<void> | undefined;
  readonly options: RelayOptions;
}

/**
 * Each read pushed by the body (push-body.ts) goes into the transcoder and out to the client in the same call:
 * no promise per read. A write the client cannot take yet pauses the socket until it drains.
 */
function pushReads(body: PushBody, { transcoder, flush, options }: Reads): Promise<void> {
  const { clientSignal } = options;
  return new Promise((resolve, reject) => {
    let settled = false;
    let sawFirstByte = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      clientSignal.removeEventListener("abort", stop);
      if (error === undefined) resolve();
      else reject(error);
    };
    // After message_stop, or when the client left, nobody reads on: cancelling closes the upstream socket.
    const stop = (): void => {
      flow.cancel();
      settle();
    };
    const fail = (error: unknown): void => {
      flow.cancel();
      settle(error);
    };
    const afterFlush = (pending: Promise<void> | undefined, next: () => void): void => {
      if (pending === undefined) {
        next();
        return;
      }
      flow.pause();
      pending.then(() => {
        if (settled) return;
        next();
        if (!settled) flow.resume();
      }, fail);
    };
    // A client that leaves is seen by the abort listener below, which settles at once: no read checks it.
    const onRead = (): void => {
      if (transcoder.finished) stop();
    };
    const flow = body.stream({
      data(chunk) {
        if (settled) return;
        try {
          if (!sawFirstByte) {
            sawFirstByte = true;
            options.onFirstByte();
          }
          transcoder.push(chunk);
          afterFlush(flush(), onRead);
        } catch (error) {
          fail(error);
        }
      },
      end(error) {
        if (settled) return;
        try {
          if (error === undefined) transcoder.end();
          else
            transcoder.end(
              options.shutdownSignal.aborted ? shuttingDown().object : upstreamErrorForStream(error),
            );
          afterFlush(flush(), () => settle());
        } catch (failure) {
          settle(failure);
        }
      },
    });
    if (clientSignal.aborted) stop();
    else clientSignal.addEventListener("abort", stop, { once: true });
  });
}

/** Reads pulled one `await` at a time: a body that cannot push (the demo, a test's). */
async function pullReads(
  body: AsyncIterable<Uint8Array>,
  { transcoder, flush, options }: Reads,
): Promise<void> {
  const { clientSignal } = options;
  const iterator = body[Symbol.asyncIterator]();
  let bodyEnded = false;
  let failed = false;
  let failure: unknown;
  let sawFirstByte = false;
  try {
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
      transcoder.end(
        options.shutdownSignal.aborted ? shuttingDown().object : upstreamErrorForStream(failure),
      );
      await flush();
    }
  } finally {
    // Chunks after message_stop are dropped (docs/protocol.md B5), and nobody reads for a client that left.
    if (!bodyEnded) await iterator.return?.();
  }
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
