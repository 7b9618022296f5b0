import { describe, expect, it } from "vitest";
import type { SegmentSink, StreamParser } from "../index";
import { type Chunking, chunkings } from "./chunkings";
import { checkSegmentInvariants } from "./invariants";
import { runStream } from "./run-stream";
import { normalizeSegments, type StreamSummary, summarize } from "./summarize";

export interface ConformanceCase {
  readonly id: string;
  readonly chunks: readonly string[];
}

export interface ConformanceOptions<C extends ConformanceCase> {
  /** The describe() title. */
  readonly suite: string;
  readonly cases: readonly C[];
  /** Case id → why our docs (docs/dialects.md) decide differently from the peer. Every id must exist. */
  readonly skip?: Readonly<Record<string, string>>;
  /** A fresh parser (usually a segmenter) for one replay of the case. */
  readonly createParser: (testCase: C, sink: SegmentSink) => StreamParser;
  /** The case's own expectations, on the summary of the as-recorded run. */
  readonly check: (testCase: C, summary: StreamSummary) => void;
  /** Seeded random splits per case (besides as recorded and one character per chunk). */
  readonly randomSplits?: number;
  /** More ways to cut a case's text (`everySplit`: a recorded failure at every split). */
  readonly moreChunkings?: (text: string) => readonly Chunking[];
  /**
   * Whether reasoning + text + markup must equal the input (default true). False where the input is not
   * content text: a structured call's arguments (`concatenated_json`) reach no text at all.
   */
  readonly conserves?: boolean;
}

/**
 * The one conformance runner every dialect uses (after Hono's shared router suite, with an explicit skip list).
 * Each case is replayed as recorded, one character per chunk and at seeded random splits; every
 * replay must give the same normalized segments, pair every call's start and end with JSON-object
 * arguments, and conserve the input (unless `conserves: false`); then the case's expectations are checked.
 */
export function runConformance<C extends ConformanceCase>(options: ConformanceOptions<C>): void {
  const skip = options.skip ?? {};
  describe(options.suite, () => {
    it("names only existing cases in its skip list", () => {
      const ids = new Set(options.cases.map((testCase) => testCase.id));
      expect(Object.keys(skip).filter((id) => !ids.has(id))).toEqual([]);
    });
    for (const testCase of options.cases) {
      const reason = skip[testCase.id];
      if (reason !== undefined) {
        it.skip(`${testCase.id} (skipped: ${reason})`, () => {});
        continue;
      }
      it(testCase.id, () => {
        const input = testCase.chunks.join("");
        let reference: ReturnType<typeof normalizeSegments> | undefined;
        const all = [
          ...chunkings(testCase.chunks, options.randomSplits ?? 6),
          ...(options.moreChunkings?.(input) ?? []),
        ];
        for (const chunking of all) {
          const segments = runStream((sink) => options.createParser(testCase, sink), chunking.chunks);
          expect(
            checkSegmentInvariants(segments, options.conserves === false ? undefined : input),
            chunking.name,
          ).toEqual([]);
          const normalized = normalizeSegments(segments);
          if (reference === undefined) reference = normalized;
          else expect(normalized, `${chunking.name} differs from as recorded`).toEqual(reference);
        }
        options.check(testCase, summarize(reference ?? []));
      });
    }
  });
}
