import { createParserContext, createSegmenter, type ReasoningDialect, type ToolDialect } from "@sluice/core";
import { bestTimesNs, formatNumber, printTable } from "./measure";
import { chunk } from "./traces";

export interface SegmenterScenario {
  readonly title: string;
  readonly reasoning?: ReasoningDialect;
  readonly tool?: ToolDialect;
  readonly tools?: Record<string, Record<string, unknown>>;
  /** Builds a trace of about `bytes` bytes. */
  readonly trace: (bytes: number) => string;
}

const SIZES = [
  { label: "64 KiB", bytes: 64 * 1024 },
  { label: "1 MiB", bytes: 1024 * 1024 },
  { label: "8 MiB", bytes: 8 * 1024 * 1024 },
];
const CHUNK_SIZE = 4;

/** Feeds the trace in 4-byte chunks through a fresh segmenter; segments are counted, not kept. */
function runOnce(scenario: SegmenterScenario, chunks: readonly string[]): number {
  let segments = 0;
  const segmenter = createSegmenter({
    reasoning: scenario.reasoning,
    tool: scenario.tool,
    context: createParserContext({ thinking: true, tools: Object.entries(scenario.tools ?? {}) }),
    sink: () => {
      segments++;
    },
  });
  for (const piece of chunks) segmenter.push(piece);
  segmenter.end();
  return segments;
}

export function benchSegmenter(scenario: SegmenterScenario): { chunksPerSecond: number; ratio: number } {
  const rows: string[][] = [];
  const inputs = SIZES.map((size) => chunk(scenario.trace(size.bytes), CHUNK_SIZE));
  const times = bestTimesNs(inputs.map((chunks) => () => runOnce(scenario, chunks)));
  const perByte: number[] = [];
  let chunksPerSecond = 0;
  SIZES.forEach((size, index) => {
    const chunks = inputs[index] as string[];
    const ns = times[index] as number;
    const bytes = chunks.reduce((sum, piece) => sum + piece.length, 0);
    const nsPerByte = ns / bytes;
    perByte.push(nsPerByte);
    chunksPerSecond = chunks.length / (ns / 1e9);
    rows.push([
      size.label,
      formatNumber(chunks.length),
      formatNumber(chunksPerSecond),
      formatNumber(bytes / (ns / 1e9) / 1e6, 1),
      formatNumber(nsPerByte, 2),
      formatNumber(nsPerByte / (perByte[0] as number), 2),
    ]);
  });
  printTable(
    `${scenario.title} (4-byte chunks; targets ≥ 1,000,000 chunks/s, 8 MiB per-byte cost ≤ 1.5× the 64 KiB one)`,
    ["stream", "chunks", "chunks/s", "MB/s", "ns/byte", "× 64 KiB"],
    rows,
  );
  return { chunksPerSecond, ratio: (perByte[2] as number) / (perByte[0] as number) };
}
