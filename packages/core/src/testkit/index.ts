export { createRandom } from "../create-random";
export { assertChunkingInvariance, cutAt, markupStream } from "./chunking-property";
export { type Chunking, chunkings, everySplit, randomSplit } from "./chunkings";
export { type ConformanceCase, type ConformanceOptions, runConformance } from "./conformance";
export { echoToolDialect } from "./echo-tool-dialect";
export { checkSegmentInvariants } from "./invariants";
export { loadPeerCases, type ReasoningPeerCase, type ToolPeerCase, toolSchemasOf } from "./peer-cases";
export { runReasoningChunkingProperty } from "./run-reasoning-chunking-property";
export { type ReasoningPeerCaseOptions, runReasoningPeerCases } from "./run-reasoning-peer-cases";
export { runStream } from "./run-stream";
export { runToolPeerCases, type ToolPeerCaseOptions } from "./run-tool-peer-cases";
export { type SegmentTextOptions, type SegmentTextResult, segmentText } from "./segment-text";
export { type CallSummary, normalizeSegments, type StreamSummary, summarize } from "./summarize";
export {
  argumentsOf,
  type ToolHarnessOptions,
  type ToolParserHarness,
  type ToolProbe,
  type ToolRunOptions,
  toolParserHarness,
  warningCodes,
} from "./tool-parser-harness";
