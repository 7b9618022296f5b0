import { createParserContext, createSegmenter, type ReasoningDialect, type ToolDialect } from "@sluice/core";
import { bestTimesNs, formatNumber, printTable } from "./measure";

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

/**
 * Feeds the trace in 4-byte chunks through a fresh segmenter; segments are counted, not kept. Chunks
 * are cut as they are fed, as they would arrive: a prepared array of two million strings would make
 * the garbage collector, not the parser, grow with the stream size.
 */
function runOnce(scenario: SegmenterScenario, trace: string): number {
  let segments = 0;
  const segmenter = createSegmenter({
    reasoning: scenario.reasoning,
    tool: scenario.tool,
    context: createParserContext({ thinking: true, tools: Object.entries(scenario.tools ?? {}) }),
    sink: () => {
      segments++;
    },
  });
  for (let index = 0; index < trace.length; index += CHUNK_SIZE)
    segmenter.push(trace.slice(index, index + CHUNK_SIZE));
  segmenter.end();
  return segments;
}

/** Per-byte cost (ns) of one pass over each size's trace, best of interleaved rounds. */
function nsPerByteBySize(scenario: SegmenterScenario): { bytes: number; nsPerByte: number }[] {
  const traces = SIZES.map((size) => scenario.trace(size.bytes));
  const times = bestTimesNs(
    traces.map((trace) => () => runOnce(scenario, trace)),
    9,
  );
  return traces.map((trace, index) => ({
    bytes: trace.length,
    nsPerByte: (times[index] as number) / trace.length,
  }));
}

/**
 * One row per dialect (4-byte chunks, a 512 KiB string value per call): chunks/s at each size and the
 * 8 MiB per-byte cost against the 64 KiB one, so a dialect that rescans shows at once.
 */
export function benchDialects(scenarios: readonly SegmenterScenario[]): void {
  const rows = scenarios.map((scenario) => {
    const measured = nsPerByteBySize(scenario);
    const chunksPerSecond = measured.map(({ nsPerByte }) => formatNumber(1e9 / (nsPerByte * CHUNK_SIZE)));
    const first = measured[0]?.nsPerByte as number;
    const last = measured[measured.length - 1]?.nsPerByte as number;
    return [scenario.title, ...chunksPerSecond, formatNumber(last / first, 2)];
  });
  printTable(
    "Segmenter per dialect: a 512 KiB string value per call (4-byte chunks; targets ≥ 1,000,000 chunks/s, 8 MiB per-byte cost ≤ 1.5× the 64 KiB one)",
    [
      "dialect (with its preset's reasoning)",
      ...SIZES.map((size) => `chunks/s ${size.label}`),
      "× 64 KiB at 8 MiB",
    ],
    rows,
  );
}

export function benchSegmenter(scenario: SegmenterScenario): { chunksPerSecond: number; ratio: number } {
  const rows: string[][] = [];
  const traces = SIZES.map((size) => scenario.trace(size.bytes));
  const times = bestTimesNs(
    traces.map((trace) => () => runOnce(scenario, trace)),
    9,
  );
  const perByte: number[] = [];
  let chunksPerSecond = 0;
  SIZES.forEach((size, index) => {
    const bytes = (traces[index] as string).length;
    const chunks = Math.ceil(bytes / CHUNK_SIZE);
    const ns = times[index] as number;
    const nsPerByte = ns / bytes;
    perByte.push(nsPerByte);
    chunksPerSecond = chunks / (ns / 1e9);
    rows.push([
      size.label,
      formatNumber(chunks),
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
