import type { StreamEvent } from "@sluice/events";
import { formatNumber, printTable } from "./measure";
import { rawQwenTranscoder, upstreamSse } from "./whole-path-bench";

const STREAMS = 200;

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc");
  gc();
  gc();
}

/**
 * docs/architecture.md §5 memory per open stream: STREAMS transcoders each fed the first MiB of a raw Qwen3.5 stream
 * (reasoning, text, then a qwen_xml call whose string value is still open), left idle and unfinished,
 * their output consumed as a client would; retained heap per stream after a full GC.
 */
/** The first MiB of a whole-path trace (inside the qwen_xml call's string value), one SSE event a read. */
function firstMebibyte(): Uint8Array[] {
  const encoder = new TextEncoder();
  const { body } = upstreamSse(6000);
  const reads: Uint8Array[] = [];
  let size = 0;
  for (let start = 0; start < body.length && size < 1024 * 1024; ) {
    const end = body.indexOf("\n\n", start) + 2;
    const bytes = encoder.encode(body.slice(start, end));
    reads.push(bytes);
    size += bytes.length;
    start = end;
  }
  return reads;
}

export function benchMemory(): void {
  const reads = firstMebibyte();
  const size = reads.reduce((sum, read) => sum + read.length, 0);
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const open: unknown[] = [];
  for (let stream = 0; stream < STREAMS; stream++) {
    let consumed = 0;
    const transcoder = rawQwenTranscoder((event: StreamEvent) => {
      consumed += event.type.length; // the client reads every event at once
    });
    transcoder.start();
    for (const read of reads) transcoder.push(read);
    open.push(transcoder);
    if (consumed === 0) throw new Error("nothing came out");
  }
  collectGarbage();
  const perStream = (process.memoryUsage().heapUsed - before) / open.length;
  printTable(
    "Memory per open stream: idle after 1 MiB of upstream bytes, output read (target ≤ 64 KiB)",
    ["open streams", "upstream bytes each", "retained heap per stream"],
    [[formatNumber(open.length), formatNumber(size), `${formatNumber(perStream / 1024, 1)} KiB`]],
  );
}
