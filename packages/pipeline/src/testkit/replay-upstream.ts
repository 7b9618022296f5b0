import { createRandom } from "@sluice/core/testkit";
import type { StreamEvent } from "@sluice/events";
import { checkStreamEvents } from "@sluice/events/testkit";
import {
  createMessageAggregator,
  encodeAnthropicSse,
  type Message,
  toAnthropicEvents,
} from "@sluice/protocol-anthropic";
import { createTranscoder, type Transcoder, type TranscoderOptions } from "../create-transcoder";
import { checkMessageStream, checkSseFraming } from "./check-message-stream";
import { parseSse } from "./parse-sse";

export interface ReplayResult {
  readonly events: StreamEvent[];
  /** The Anthropic SSE bytes the gateway would write. */
  readonly sse: string;
  /**
   * docs/architecture.md §2 problems found in the events, in their Anthropic encoding and its framing; empty
   * when the stream is valid.
   */
  readonly problems: string[];
  /** The aggregated message (docs/architecture.md I6); undefined when the stream ended with an error event. */
  readonly message: Message | undefined;
  readonly transcoder: Transcoder;
}

/** Byte-level chunkings of an upstream body: as recorded (one SSE event per read), one byte per read, seeded random splits. */
export function byteChunkings(
  events: readonly string[],
  randomSplits = 4,
  seed = 7,
): { name: string; chunks: Uint8Array[] }[] {
  const encoder = new TextEncoder();
  const whole = encoder.encode(events.join(""));
  const result: { name: string; chunks: Uint8Array[] }[] = [
    { name: "as recorded", chunks: events.map((event) => encoder.encode(event)) },
    { name: "one byte per read", chunks: Array.from(whole, (byte) => Uint8Array.of(byte)) },
  ];
  for (let run = 0; run < randomSplits; run++) {
    const random = createRandom(seed * 100 + run);
    const chunks: Uint8Array[] = [];
    for (let index = 0; index < whole.length; ) {
      const size = 1 + Math.floor(random() * (run % 2 === 0 ? 7 : 61));
      chunks.push(whole.subarray(index, index + size));
      index += size;
    }
    result.push({ name: `random byte split (seed ${seed * 100 + run})`, chunks });
  }
  return result;
}

/** Runs the whole path over upstream body reads and checks the output against docs/architecture.md §2. */
export function replayUpstream(
  options: TranscoderOptions,
  reads: readonly (Uint8Array | string)[],
): ReplayResult {
  const events: StreamEvent[] = [];
  const transcoder = createTranscoder(options, (event) => events.push(event));
  transcoder.start();
  for (const read of reads) transcoder.push(read);
  transcoder.end();
  const sse = encodeAnthropicSse(events);
  const problems = [
    ...checkStreamEvents(events),
    ...checkMessageStream(toAnthropicEvents(events)),
    ...checkSseFraming(parseSse(sse)),
  ];
  let message: Message | undefined;
  if (!events.some((event) => event.type === "error")) {
    const aggregator = createMessageAggregator();
    for (const event of events) aggregator.push(event);
    message = aggregator.message();
  }
  return { events, sse, problems, message, transcoder };
}
