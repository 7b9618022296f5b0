import type { IncomingHttpHeaders } from "node:http";
import type { StreamEvent } from "@sluice/events";
import type { TranscoderOptions } from "@sluice/pipeline";
import { type MessageStreamEvent, toAnthropicEvents } from "@sluice/protocol-anthropic";
import type { RecordingSettings, ServedModel } from "../server/served/compile-served-config";
import { formatExchangeFile } from "./format-exchange-file";
import { RECORDING_FORMAT_VERSION, type RecordedExchange } from "./recorded-exchange";
import { recordingFileName } from "./recording-file-name";
import { redactClientHeaders } from "./redact-client-headers";
import { scrubReads } from "./scrub-reads";
import { scrubJsonValues, scrubStrings } from "./scrub-strings";
import { serializeTranscoderOptions } from "./serialize-transcoder-options";
import { writeFileAtomically } from "./write-file-atomically";

/**
 * Collects one exchange while it runs (`server.record_dir`), and writes it as one file when it ends.
 * The hooks call it only when the exchange has one: recording off costs one check, not one per chunk.
 */
export interface ExchangeRecorder {
  /** The decoded JSON request body. */
  clientBody(json: unknown): void;
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
  /** Events the transcoder emitted, in order; the file holds them as the Anthropic events they encode to. */
  events(events: readonly StreamEvent[]): void;
  /**
   * The exchange is over: writes the file when the upstream was called (an exchange that never reached
   * it has nothing to replay). Never rejects: a failure goes to `onWriteFailure`, never to the client.
   */
  finish(status: number | undefined): Promise<void>;
}

export interface RecorderContext {
  readonly settings: RecordingSettings;
  readonly requestId: string;
  readonly route: string;
  readonly receivedAt: Date;
  readonly headers: IncomingHttpHeaders;
  readonly onWriteFailure: (reason: string) => void;
}

export function createExchangeRecorder(context: RecorderContext): ExchangeRecorder {
  const { settings } = context;
  const decoder = new TextDecoder();
  const reads: { t: number; text: string }[] = [];
  const events: MessageStreamEvent[] = [];
  let clientBody: unknown = null;
  let model: ServedModel | undefined;
  let upstreamBody: unknown = null;
  let upstreamStatus: number | null = null;
  let upstreamError: string | null = null;
  let upstreamUrl: string | undefined;
  let transcoder: TranscoderOptions | undefined;
  let startedAt = 0;
  let recordedBytes = 0;
  let truncated = false;

  const build = (status: number | undefined, called: ServedModel): RecordedExchange => {
    // Once truncated, the decoder may hold half a character that belongs to a read not kept.
    const tail = truncated ? "" : decoder.decode();
    if (tail !== "") reads.push({ t: reads.at(-1)?.t ?? 0, text: tail });
    const secrets = [...called.secrets, ...settings.secrets];
    const texts = scrubReads(
      reads.map((read) => read.text),
      secrets,
    );
    const { plan } = called;
    return {
      format: "sluice-exchange",
      version: RECORDING_FORMAT_VERSION,
      time: context.receivedAt.toISOString(),
      request_id: context.requestId,
      route: context.route,
      status: status ?? null,
      truncated,
      max_bytes: settings.maxBytes,
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
        reads: reads.map((read, index) => ({ t: read.t, text: texts[index] ?? "" })),
      },
      events: scrubbedEvents(events, secrets) as unknown as RecordedExchange["events"],
    };
  };

  return {
    clientBody(json) {
      clientBody = json;
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
      if (truncated) return;
      if (recordedBytes + bytes.byteLength > settings.maxBytes) {
        truncated = true;
        return;
      }
      recordedBytes += bytes.byteLength;
      // One decimal of a millisecond: enough to see bursts, short enough to read.
      const t = Math.round((performance.now() - startedAt) * 10) / 10;
      reads.push({ t, text: decoder.decode(bytes, { stream: true }) });
    },
    transcoder(options) {
      transcoder = options;
    },
    events(emitted) {
      // Past the cap, the events of reads that were not kept would not replay from the file.
      if (!truncated) events.push(...toAnthropicEvents(emitted));
    },
    async finish(status) {
      if (model === undefined) return;
      const name = recordingFileName(context.receivedAt, context.requestId);
      try {
        await writeFileAtomically(settings.dir, name, formatExchangeFile(build(status, model)));
      } catch (error) {
        context.onWriteFailure(error instanceof Error ? error.message : String(error));
      }
    },
  };
}

/**
 * The events with the secrets removed, a text, thinking or argument field across events read as one text.
 * A delta that held nothing but the rest of a key is left out: the pipeline never emits an empty delta,
 * so a replay of the scrubbed reads (which lose that text too) gives the same events.
 */
function scrubbedEvents(
  events: readonly MessageStreamEvent[],
  secrets: readonly string[],
): MessageStreamEvent[] {
  const scrubbed = scrubJsonValues(events, secrets);
  return (scrubbed.values as MessageStreamEvent[]).filter(
    (event, index) => !scrubbed.changed.has(index) || !isEmptyDelta(event),
  );
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
