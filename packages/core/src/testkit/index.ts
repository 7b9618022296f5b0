export { type Chunking, chunkings, createRandom, randomSplit } from "./chunkings";
export { type ConformanceCase, type ConformanceOptions, runConformance } from "./conformance";
export { assertChunkingInvariance, cutAt, markupStream } from "./chunking-property";
export { echoToolDialect } from "./echo-tool-dialect";
export { checkSegmentInvariants } from "./invariants";
export { loadPeerCases } from "./peer-cases";
export { runStream } from "./run-stream";
export { type SegmentTextOptions, type SegmentTextResult, segmentText } from "./segment-text";
export { type CallSummary, normalizeSegments, type StreamSummary, summarize } from "./summarize";
