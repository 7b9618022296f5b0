import type { Segment, SegmentSink, StreamParser } from "../index";

/** Feeds `chunks` to a fresh parser and returns every segment it emitted, end() included. */
export function runStream(create: (sink: SegmentSink) => StreamParser, chunks: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  const parser = create((segment) => segments.push(segment));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return segments;
}
