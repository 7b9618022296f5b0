/**
 * Per-chunk decode cost of the hot-path narrowing vs effect's Schema (a measurement, not a test:
 * `npx tsx test/measure-chunk-decode.ts`). The corpus is every chunk of the recorded fixtures;
 * the figures are CPU nanoseconds per chunk (best and median of five samples).
 */
import { createUpstreamDecoder, decodeChunkWithSchema, narrowChunk } from "../src";
import { loadChunkFixtures, toSseBody } from "./chunk-fixtures";

const lines = loadChunkFixtures().flatMap((fixture) => fixture.lines);
const parsed = lines.map((line) => JSON.parse(line) as unknown);
const body = new TextEncoder().encode(toSseBody(lines));
const rounds = Number(process.env.ROUNDS ?? 4000);
let sink = 0;

function measure(label: string, chunksPerRun: number, run: () => void): void {
  for (let warmup = 0; warmup < rounds / 4; warmup++) run();
  const samples: number[] = [];
  for (let sample = 0; sample < 5; sample++) {
    // CPU time, not wall time: the machine is shared, and a busy neighbour should not count.
    const start = process.cpuUsage();
    for (let round = 0; round < rounds / 5; round++) run();
    const used = process.cpuUsage(start);
    samples.push(((used.user + used.system) * 1000) / ((rounds / 5) * chunksPerRun));
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} ${samples[0]!.toFixed(0).padStart(6)} ns/chunk (median ${samples[2]!.toFixed(0)})`,
  );
}

console.log(`${lines.length} chunks, ${body.length} bytes of SSE, ${rounds} rounds`);
measure("narrowChunk (parsed chunk in)", parsed.length, () => {
  for (const json of parsed) sink += narrowChunk(json).length;
});
measure("decodeChunkWithSchema (parsed chunk in)", parsed.length, () => {
  for (const json of parsed) sink += decodeChunkWithSchema(json).length;
});
measure("JSON.parse alone", lines.length, () => {
  for (const line of lines) sink += JSON.parse(line) === null ? 0 : 1;
});
measure("JSON.parse + narrowChunk", lines.length, () => {
  for (const line of lines) sink += narrowChunk(JSON.parse(line)).length;
});
measure("JSON.parse + decodeChunkWithSchema", lines.length, () => {
  for (const line of lines) sink += decodeChunkWithSchema(JSON.parse(line)).length;
});
measure("createUpstreamDecoder (SSE bytes in, deltas out)", lines.length + 1, () => {
  const decoder = createUpstreamDecoder(() => sink++);
  decoder.push(body);
  decoder.end();
});
if (sink === 0) console.log("(nothing decoded)");
