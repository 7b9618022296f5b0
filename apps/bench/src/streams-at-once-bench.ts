import type { StreamEvent } from "@sluice/events";
import type { Transcoder } from "@sluice/pipeline";
import { encodeAnthropicSse } from "@sluice/protocol-anthropic";
import { loadAnswer } from "./load-bench";
import { openLoopbackTraffic } from "./loopback-traffic";
import { formatNumber, printTable } from "./measure";
import { rawQwenTranscoder } from "./whole-path-bench";

// Several times a core's own caches (L1 and L2: 2 MiB a core here): read through, it leaves none of a stream's
// state in them. The shared L3 can be far larger (480 MiB on one VM here) and is left as it is.
const FLUSH_BYTES = 16 * 1024 * 1024;
const RUNS = 5;

interface Stream {
  readonly transcoder: Transcoder;
  readonly batch: StreamEvent[];
}

function openStream(): Stream {
  const batch: StreamEvent[] = [];
  const transcoder = rawQwenTranscoder((event) => batch.push(event));
  transcoder.start();
  batch.length = 0;
  return { transcoder, batch };
}

/** What runs between two turns, outside the time: nothing, or other work that leaves the caches changed. */
type Between = ((read: Uint8Array) => Promise<void> | void) | undefined;

/**
 * Nanoseconds to take `reads` through `count` streams at once, each read to every stream in turn (a turn of the
 * gateway under load), parsed and encoded, with `between` run before each turn.
 */
async function timeAtOnce(reads: readonly Uint8Array[], count: number, between: Between): Promise<number> {
  const streams = Array.from({ length: count }, openStream);
  let spent = 0n;
  for (const read of reads) {
    if (between !== undefined) await between(read);
    const start = process.hrtime.bigint();
    for (const { transcoder, batch } of streams) {
      transcoder.push(read);
      if (batch.length > 0) {
        encodeAnthropicSse(batch);
        batch.length = 0;
      }
    }
    spent += process.hrtime.bigint() - start;
  }
  const start = process.hrtime.bigint();
  for (const { transcoder, batch } of streams) {
    transcoder.end();
    encodeAnthropicSse(batch);
  }
  spent += process.hrtime.bigint() - start;
  return Number(spent);
}

/** Reads `bytes` through, a cache line at a time; the sum is kept so the walk is not optimised away. */
function walker(bytes: Uint8Array): () => void {
  let touched = 0;
  return () => {
    for (let index = 0; index < bytes.length; index += 64) touched = (touched + (bytes[index] as number)) | 0;
    if (touched < 0) console.log(touched);
  };
}

/**
 * docs/architecture.md §5, the load section: what makes a token dearer under load than alone? The load bench's
 * answer (vLLM events, one a read) through the transcoder and SSE encoder, no HTTP: one stream alone; `streams`
 * fed one read each in turn, as a turn of the gateway feeds them, so each stream's state has left the fastest
 * caches when its next read comes; the same with the core's own caches emptied between turns (16 MiB read
 * through); the same after the socket work of a turn (that read written on `streams` loopback connections and
 * read at their other ends, through the kernel and the event loop); and `many` streams in turn, a larger set
 * of states than the caches hold. What runs between turns is not timed.
 */
export async function benchStreamsAtOnce(streams = 200, many = 1000): Promise<void> {
  const reads = loadAnswer(400).map((event) => new Uint8Array(event));
  const traffic = await openLoopbackTraffic(streams);
  try {
    const cases: { label: string; count: number; between: Between }[] = [
      { label: "1 stream", count: 1, between: undefined },
      {
        label: `${formatNumber(streams)} streams, one read each in turn`,
        count: streams,
        between: undefined,
      },
      {
        label: `${formatNumber(streams)} streams, L1 and L2 emptied between turns`,
        count: streams,
        between: walker(new Uint8Array(FLUSH_BYTES)),
      },
      {
        label: `${formatNumber(streams)} streams, each turn after a write and a read on ${formatNumber(streams)} loopback connections`,
        count: streams,
        between: (read) => traffic.exchange(read),
      },
      { label: `${formatNumber(many)} streams, one read each in turn`, count: many, between: undefined },
    ];
    for (const { count } of cases) await timeAtOnce(reads, count, undefined); // the JIT's warm-up
    const best = cases.map(() => Number.POSITIVE_INFINITY);
    for (let run = 0; run < RUNS; run++)
      for (const [index, { count, between }] of cases.entries()) {
        // A smaller case's run is short: repeated until it is about as long as the 200 streams' one.
        const repeats = Math.ceil(streams / count);
        let spent = 0;
        for (let repeat = 0; repeat < repeats; repeat++) spent += await timeAtOnce(reads, count, between);
        best[index] = Math.min(best[index] as number, spent / (repeats * count * reads.length));
      }
    const alone = best[0] as number;
    printTable(
      `Streams at once without HTTP: the load bench's answer (${reads.length} vLLM events, one a read) through the transcoder and SSE encoder`,
      ["streams", "µs/chunk (best of 5)", "× 1 stream"],
      cases.map(({ label }, index) => [
        label,
        formatNumber((best[index] as number) / 1e3, 2),
        formatNumber((best[index] as number) / alone, 1),
      ]),
    );
  } finally {
    traffic.close();
  }
}
