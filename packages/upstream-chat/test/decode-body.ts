import { createUpstreamDecoder, type UpstreamDelta } from "../src";

/** Runs a fresh decoder over the pieces and returns every delta, `end()` included. */
export function decodeBody(pieces: readonly (string | Uint8Array)[]): UpstreamDelta[] {
  const deltas: UpstreamDelta[] = [];
  const decoder = createUpstreamDecoder((delta) => deltas.push(delta));
  for (const piece of pieces) decoder.push(piece);
  decoder.end();
  return deltas;
}

const encoder = new TextEncoder();

/** The body as UTF-8 bytes, cut at the given byte positions. */
export function splitBytes(body: string, cuts: readonly number[]): Uint8Array[] {
  const bytes = encoder.encode(body);
  const positions = [...new Set(cuts.map((cut) => Math.max(0, Math.min(bytes.length, cut))))].sort(
    (a, b) => a - b,
  );
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const position of positions) {
    pieces.push(bytes.subarray(start, position));
    start = position;
  }
  pieces.push(bytes.subarray(start));
  return pieces;
}

export function byteLength(body: string): number {
  return encoder.encode(body).length;
}
