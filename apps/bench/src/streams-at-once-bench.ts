import type { StreamEvent } from "@sluice/events";
import { createTranscoder, type Transcoder } from "@sluice/pipeline";
import { encodeAnthropicSse } from "@sluice/protocol-anthropic";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";
import { loadAnswer } from "./load-bench";
import { formatNumber, printTable } from "./measure";

// Several times a core's own caches (L1 and L2: 2 MiB a core here): read through, it leaves none of a stream's
// state in them. The shared L3 can be far larger (480 MiB on one VM here) and is left as it is.
const FLUSH_BYTES = 16 * 1024 * 1024;
const RUNS = 5;

const tools = new Map([
  ["Write", { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } } }],
]);

interface Stream {
  readonly transcoder: Transcoder;
  readonly batch: StreamEvent[];
}

function openStream(): Stream {
  const batch: StreamEvent[] = [];
  const transcoder = createTranscoder(
    {
      reasoning: qwen3ReasoningDialect(),
      tool: qwenXmlToolDialect(),
      thinking: true,
      tools,
      model: "claude-sonnet-4-5",
    },
    (event) => batch.push(event),
  );
  transcoder.start();
  batch.length = 0;
  return { transcoder, batch };
}

/**
 * Nanoseconds to take `reads` through `count` streams at once, each read to every stream in turn (a turn of the
 * gateway under load), parsed and encoded; `flush`, when given, is read through between turns, outside the time.
 */
function timeAtOnce(reads: readonly Uint8Array[], count: number, flush: Uint8Array | undefined): number {
  const streams = Array.from({ length: count }, openStream);
  let spent = 0n;
  let touched = 0;
  for (const read of reads) {
    if (flush !== undefined)
      for (let index = 0; index < flush.length; index += 64) touched += (flush[index] as number) + index;
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
  // Read once, so the walk is not optimised away.
  if (touched < 0) console.log(touched);
  return Number(spent);
}

/**
 * docs/architecture.md §5, the load section: does a token cost more under load because many streams take
 * turns? The load bench's answer (vLLM events, one a read) through the transcoder and SSE encoder, no HTTP:
 * one stream alone; `streams` fed one read each in turn, as a turn of the gateway feeds them, so each stream's
 * state has left the fastest caches when its next read comes; the same with the core's own caches emptied
 * between turns (16 MiB read through, not timed), as other work between two turns leaves them; and `many`
 * streams in turn, a larger set of states than the caches hold.
 */
export function benchStreamsAtOnce(streams = 200, many = 1000): void {
  const reads = loadAnswer(400).map((event) => new Uint8Array(event));
  const flush = new Uint8Array(FLUSH_BYTES);
  const cases = [
    { label: "1 stream", count: 1, flush: undefined },
    { label: `${formatNumber(streams)} streams, one read each in turn`, count: streams, flush: undefined },
    { label: `${formatNumber(streams)} streams, L1 and L2 emptied between turns`, count: streams, flush },
    { label: `${formatNumber(many)} streams, one read each in turn`, count: many, flush: undefined },
  ];
  for (const { count } of cases) timeAtOnce(reads, count, undefined); // the JIT's warm-up
  const best = cases.map(() => Number.POSITIVE_INFINITY);
  for (let run = 0; run < RUNS; run++)
    cases.forEach(({ count, flush: between }, index) => {
      // A smaller case's run is short: repeated until it is about as long as the 200 streams' one.
      const repeats = Math.ceil(streams / count);
      let spent = 0;
      for (let repeat = 0; repeat < repeats; repeat++) spent += timeAtOnce(reads, count, between);
      best[index] = Math.min(best[index] as number, spent / (repeats * count * reads.length));
    });
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
}
