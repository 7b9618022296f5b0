import fc from "fast-check";
import type { SegmentSink, StreamParser } from "../index";
import { checkSegmentInvariants } from "./invariants";
import { runStream } from "./run-stream";
import { normalizeSegments } from "./summarize";

/** Cuts `text` at the given code-unit positions (any position: pushes may split anywhere). */
export function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let previous = 0;
  for (const point of points) {
    pieces.push(text.slice(previous, point));
    previous = point;
  }
  pieces.push(text.slice(previous));
  return pieces;
}

/**
 * Streams assembled from pieces of markup and prose: markers, their prefixes, whitespace, unicode.
 * Dialect tests pass their own vocabulary.
 */
export function markupStream(vocabulary: readonly string[], maxPieces = 40): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...vocabulary), { maxLength: maxPieces }).map((pieces) => pieces.join(""));
}

/**
 * The chunking-invariance property (docs/architecture.md I3) for one parser: for generated inputs and random cut
 * points, the normalized segments equal those of the unsplit input, and the invariants hold
 * (pairing, JSON-object arguments, conservation). Call inside `it`.
 */
export function assertChunkingInvariance(
  create: (sink: SegmentSink) => StreamParser,
  inputs: fc.Arbitrary<string>,
  numRuns = 200,
): void {
  fc.assert(
    fc.property(inputs, fc.array(fc.nat(), { maxLength: 12 }), (text, cuts) => {
      const whole = runStream(create, [text]);
      const problems = checkSegmentInvariants(whole, text);
      if (problems.length > 0) throw new Error(`invariants (unsplit): ${problems.join("; ")}`);
      const pieces = cutAt(text, cuts);
      const split = runStream(create, pieces);
      const splitProblems = checkSegmentInvariants(split, text);
      if (splitProblems.length > 0)
        throw new Error(`invariants (split ${JSON.stringify(pieces)}): ${splitProblems.join("; ")}`);
      const expected = JSON.stringify(normalizeSegments(whole));
      const actual = JSON.stringify(normalizeSegments(split));
      if (actual !== expected)
        throw new Error(
          `chunking changed the segments for ${JSON.stringify(pieces)}:\n${actual}\n!=\n${expected}`,
        );
    }),
    { numRuns },
  );
}
