import type { IncomingHttpHeaders } from "node:http";
import type { WarningSegment } from "@sluice/core";
import type { StreamEvent } from "@sluice/events";
import type { TranscoderOptions } from "@sluice/pipeline";
import { type MessageStreamEvent, toAnthropicEvents } from "@sluice/protocol-anthropic";
import type { ServedModel } from "../server/served/compile-served-config";
import { RECORDING_FORMAT_VERSION, type RecordedExchange } from "./recorded-exchange";
import { redactClientHeaders } from "./redact-client-headers";
import { scrubReads } from "./scrub-reads";
import { scrubJsonValues, scrubStrings } from "./scrub-strings";
import { serializeTranscoderOptions } from "./serialize-transcoder-options";

/**
 * Collects one exchange while it runs, for a record file (`server.record_dir`) and the console's ring
 * (`server.console`). The hooks call it only when the exchange has one: both off costs one check, not one per
 * chunk.
 */
export interface ExchangeRecorder {
  /** The decoded JSON request body, and the length of its text (what the console counts for it). */
  clientBody(json: unknown, length: number): void;
  /** The upstream call starts now (the reads' clock starts with it), with the translated body. */
  upstreamCall(model: ServedModel, body: Record<string, unknown>): void;
  /** `url`: the replica that answered, when the model lists several (the log line's `upstreamUrl`). */
  upstreamStatus(status: number, url?: string): void;
  /** The call failed before a status (refused, timeout): the message the client got, already scrubbed. */
  upstreamFailure(message: string, url?: string): void;
  /** One upstream body read, as it arrived. */
  read(bytes: Uint8Array): void;
  /** The options the relay built its transcoder with. */
  transcoder(options: TranscoderOptions): void;
  /**
   * Events the transcoder emitted after the last read, in order (the file holds them as the Anthropic events
   * they encode to), and every warning so far: the new ones arose at that read.
   */
  events(events: readonly StreamEvent[], warnings?: readonly WarningSegment[]): void;
  /** Upstream reads and bytes kept so far (the console's live list). */
  readonly reads: number;
  readonly bytes: number;
  /**
   * The exchange as its file holds it, so far, scrubbed now (the console's detail of an open exchange);
   * undefined when the upstream was never called (nothing to replay).
   */
  capture(status: number | undefined): CapturedExchange | undefined;
  /**
   * The exchange is over (once, at its end): the recorder takes nothing more, and what it collected is
   * handed over as it is, decoded and scrubbed only when `scrub` is called (the record file at once; the
   * console only when a page asks). Undefined when the upstream was never called.
   */
  finish(status: number | undefined): FinishedExchange | undefined;
}

/** A finished exchange's parts as the recorder collected them: nothing is decoded, copied, scrubbed or formatted yet. */
export interface FinishedExchange {
  /** About what the parts take in memory (`heldLength`): what the console's ring counts for them. */
  readonly length: number;
  /** The exchange as its file holds it, scrubbed anew on each call. */
  scrub(): CapturedExchange;
}

/** A recorded exchange, and where in its reads each event and warning arose (the console lines them up). */
export interface CapturedExchange {
  readonly record: RecordedExchange;
  /** Parallel to `record.events`: the read each event followed, -1 before the first. */
  readonly eventReads: readonly number[];
  readonly warnings: readonly { readonly code: string; readonly message: string; readonly read: number }[];
}

export interface RecorderContext {
  /** Upstream bytes kept at most; past them the exchange is `truncated`. */
  readonly maxBytes: number;
  /** The client keys (`server.api_keys`): no capture may carry them. The model's own secrets are added. */
  readonly secrets: readonly string[];
  readonly requestId: string;
  readonly route: string;
  readonly receivedAt: Date;
  readonly headers: IncomingHttpHeaders;
}

export function createExchangeRecorder(context: RecorderContext): ExchangeRecorder {
  // Each read and event is kept as it came (the bytes, the transcoder's own event): decoding them to text
  // and to Anthropic events waits until a file or a page wants them, off the stream's path.
  const reads: { readonly t: number; readonly bytes: Uint8Array }[] = [];
  const events: StreamEvent[] = [];
  const eventReads: number[] = [];
  const warnings: { code: string; message: string; read: number }[] = [];
  let clientBody: unknown = null;
  let clientBodyLength = 0;
  let model: ServedModel | undefined;
  let upstreamBody: unknown = null;
  let upstreamStatus: number | null = null;
  let upstreamError: string | null = null;
  let upstreamUrl: string | undefined;
  let transcoder: TranscoderOptions | undefined;
  let startedAt = 0;
  let recordedBytes = 0;
  let truncated = false;
  // Set at the end: what the console keeps is these very parts, so nothing may add to them after.
  let finished = false;
  let finishedAs: FinishedExchange | undefined;

  const build = (status: number | undefined, called: ServedModel): CapturedExchange => {
    const secrets = [...called.secrets, ...context.secrets];
    const decoded = decodedReads(reads, finished && !truncated);
    const texts = scrubReads(
      decoded.map((read) => read.text),
      secrets,
    );
    const { plan } = called;
    const wire = anthropicEvents(events, eventReads);
    const kept = scrubbedEvents(wire.events, secrets);
    const record: RecordedExchange = {
      format: "sluice-exchange",
      version: RECORDING_FORMAT_VERSION,
      time: context.receivedAt.toISOString(),
      request_id: context.requestId,
      route: context.route,
      status: status ?? null,
      truncated,
      max_bytes: context.maxBytes,
      client: {
        headers: scrubStrings(redactClientHeaders(context.headers), secrets) as Record<string, string>,
        body: scrubStrings(clientBody, secrets),
      },
      model: {
        name: called.name,
        preset: plan.presetName ?? null,
        reasoning_parser: plan.reasoning?.id ?? null,
        tool_parser: plan.tool?.id ?? null,
        thinking_kwarg: plan.thinkingKwarg ?? null,
      },
      transcoder:
        transcoder === undefined
          ? null
          : (scrubStrings(serializeTranscoderOptions(transcoder), secrets) as RecordedExchange["transcoder"]),
      upstream: {
        url: upstreamUrl ?? called.upstream.url ?? null,
        request: scrubStrings(upstreamBody, secrets),
        status: upstreamStatus,
        error: upstreamError,
        reads: decoded.map((read, index) => ({ t: read.t, text: texts[index] ?? "" })),
      },
      events: kept.map(({ event }) => event) as unknown as RecordedExchange["events"],
    };
    return {
      record,
      eventReads: kept.map(({ index }) => wire.reads[index] ?? -1),
      warnings: warnings.map((warning) => ({
        ...warning,
        message: scrubStrings(warning.message, secrets) as string,
      })),
    };
  };

  return {
    clientBody(json, length) {
      clientBody = json;
      clientBodyLength = length;
    },
    upstreamCall(served, body) {
      model = served;
      upstreamBody = body;
      startedAt = performance.now();
    },
    upstreamStatus(status, url) {
      upstreamStatus = status;
      upstreamUrl = url;
    },
    upstreamFailure(message, url) {
      upstreamError = message;
      upstreamUrl = url;
    },
    read(bytes) {
      if (truncated || finished) return;
      if (recordedBytes + bytes.byteLength > context.maxBytes) {
        truncated = true;
        return;
      }
      recordedBytes += bytes.byteLength;
      // One decimal of a millisecond: enough to see bursts, short enough to read.
      const t = Math.round((performance.now() - startedAt) * 10) / 10;
      // The body's own chunk: nothing writes into it after it was read.
      reads.push({ t, bytes });
    },
    transcoder(options) {
      transcoder = options;
    },
    events(emitted, soFar) {
      // Past the cap, the events of reads that were not kept would not replay from the file.
      if (truncated || finished) return;
      const read = reads.length - 1;
      for (const event of emitted) {
        events.push(event);
        eventReads.push(read);
      }
      if (soFar === undefined) return;
      for (let index = warnings.length; index < soFar.length; index++) {
        const { code, message } = soFar[index] as WarningSegment;
        warnings.push({ code, message, read });
      }
    },
    get reads() {
      return reads.length;
    },
    get bytes() {
      return recordedBytes;
    },
    capture(status) {
      return model === undefined ? undefined : build(status, model);
    },
    finish(status) {
      if (finished) return finishedAs;
      finished = true;
      const called = model;
      if (called !== undefined) {
        finishedAs = {
          length: heldLength(reads, events, clientBodyLength, context.headers),
          scrub: () => build(status, called),
        };
      }
      return finishedAs;
    },
  };
}

// A held read is its bytes and about 250 bytes of objects around them (its entry, the chunk's view and the
// chunk's buffer: measured on node 20), more than the `{"t":12.3,"text":…}` its file line adds; a delta is
// one small event object and its text, about what its line in the file takes. The fixed part: what a file
// holds besides the reads, events and bodies (the model, the transcoder's options).
const READ_OVERHEAD = 256;
const DELTA_OVERHEAD = 96;
const FILE_OVERHEAD = 1024;

/**
 * About what a finished exchange's parts take, as they are, with no decode, stringify or scrub of the bulk:
 * each read's bytes and the objects that hold them, each delta's text, each other event (a few per block)
 * as its JSON, the client body's text twice (the file holds the translated request too, about as long),
 * the headers, and a fixed part. For a stream of small reads (a token each) that is more than its record
 * file's length; the file, once a page had it built, counts as its own length.
 */
function heldLength(
  reads: readonly { readonly bytes: Uint8Array }[],
  events: readonly StreamEvent[],
  clientBodyLength: number,
  headers: IncomingHttpHeaders,
): number {
  let length = FILE_OVERHEAD + 2 * clientBodyLength;
  for (const read of reads) length += READ_OVERHEAD + read.bytes.byteLength;
  for (const event of events) length += eventLength(event);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    length += name.length + 8 + (typeof value === "string" ? value.length : value.join(", ").length);
  }
  return length;
}

function eventLength(event: StreamEvent): number {
  if (event.type === "block-delta") return DELTA_OVERHEAD + event.text.length;
  let length = 0;
  for (const wire of toAnthropicEvents([event])) length += JSON.stringify(wire).length;
  return length;
}

/**
 * The reads' text, decoded in order as one stream. `flush`: the exchange is over, so the decoder gives up
 * what it still holds, as a read of its own; not once truncated, where it may hold half a character that
 * belongs to a read not kept.
 */
function decodedReads(
  reads: readonly { readonly t: number; readonly bytes: Uint8Array }[],
  flush: boolean,
): { t: number; text: string }[] {
  const decoder = new TextDecoder();
  const decoded = reads.map((read) => ({ t: read.t, text: decoder.decode(read.bytes, { stream: true }) }));
  const tail = flush ? decoder.decode() : "";
  if (tail !== "") decoded.push({ t: reads.at(-1)?.t ?? 0, text: tail });
  return decoded;
}

/** The transcoder's events as the Anthropic events they encode to, each with the read it followed. */
function anthropicEvents(
  events: readonly StreamEvent[],
  eventReads: readonly number[],
): { readonly events: MessageStreamEvent[]; readonly reads: number[] } {
  const wire: MessageStreamEvent[] = [];
  const reads: number[] = [];
  events.forEach((event, index) => {
    // One event may encode to two (message-end: message_delta, message_stop), both after the same read.
    for (const each of toAnthropicEvents([event])) {
      wire.push(each);
      reads.push(eventReads[index] ?? -1);
    }
  });
  return { events: wire, reads };
}

/**
 * The events with the secrets removed, a text, thinking or argument field across events read as one text,
 * each with its index in `events`. A delta that held nothing but the rest of a key is left out: the pipeline
 * never emits an empty delta, so a replay of the scrubbed reads (which lose that text too) gives the same events.
 */
function scrubbedEvents(
  events: readonly MessageStreamEvent[],
  secrets: readonly string[],
): { readonly event: MessageStreamEvent; readonly index: number }[] {
  const scrubbed = scrubJsonValues(events, secrets);
  return (scrubbed.values as MessageStreamEvent[])
    .map((event, index) => ({ event, index }))
    .filter(({ event, index }) => !scrubbed.changed.has(index) || !isEmptyDelta(event));
}

function isEmptyDelta(event: MessageStreamEvent): boolean {
  if (event.type !== "content_block_delta") return false;
  const { delta } = event;
  switch (delta.type) {
    case "text_delta":
      return delta.text === "";
    case "thinking_delta":
      return delta.thinking === "";
    case "input_json_delta":
      return delta.partial_json === "";
    case "signature_delta":
      return false;
  }
}
