import { createRandom } from "../create-random";

/** A named way of cutting a stream into pushes. */
export interface Chunking {
  readonly name: string;
  readonly chunks: readonly string[];
}

/** Cuts `text` at random code-point boundaries into pieces of 1..maxPiece code points. */
export function randomSplit(text: string, seed: number, maxPiece = 12): string[] {
  const random = createRandom(seed);
  const points = Array.from(text);
  const pieces: string[] = [];
  let index = 0;
  while (index < points.length) {
    const size = 1 + Math.floor(random() * maxPiece);
    pieces.push(points.slice(index, index + size).join(""));
    index += size;
  }
  return pieces;
}

/**
 * The chunking matrix every conformance case is replayed in: as recorded, one character
 * (code point) per chunk, and `randomSplits` seeded random splits.
 */
export function chunkings(recorded: readonly string[], randomSplits = 6, seed = 1): Chunking[] {
  const text = recorded.join("");
  const result: Chunking[] = [
    { name: "as recorded", chunks: recorded },
    { name: "one character per chunk", chunks: Array.from(text) },
  ];
  for (let run = 0; run < randomSplits; run++) {
    const runSeed = seed * 1000 + run;
    result.push({
      name: `random split (seed ${runSeed})`,
      chunks: randomSplit(text, runSeed, run % 2 === 0 ? 5 : 17),
    });
  }
  return result;
}

/** Every cut of `text` into two pieces, at each code-point boundary: a recorded failure replayed at every split. */
export function everySplit(text: string): Chunking[] {
  const points = Array.from(text);
  const result: Chunking[] = [];
  for (let at = 1; at < points.length; at++)
    result.push({
      name: `split at ${at}`,
      chunks: [points.slice(0, at).join(""), points.slice(at).join("")],
    });
  return result;
}
