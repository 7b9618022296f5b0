export { createRandom } from "./create-random";
export type {
  CallStartPolicy,
  DialectDescriptor,
  ParserContext,
  ReasoningDialect,
  ReasoningParser,
  StreamParser,
  ThinkingKwarg,
  ToolDialect,
  ToolParser,
  ToolParserContext,
} from "./dialect";
export { jsonDepthExceeds, MAX_JSON_DEPTH } from "./json-depth-exceeds";
export { isJsonWhitespace, JsonScanner, type JsonScanStatus } from "./json-scanner";
export type { JsonSchema, ToolSchemas } from "./json-schema";
export { HOLD, type MarkerHandler, MarkerLexer } from "./marker-lexer";
export {
  createMarkerSet,
  findMarker,
  heldSuffixStart,
  isMarkerPrefix,
  type MarkerHit,
  type MarkerSet,
  markerAt,
} from "./marker-set";
export { createParserContext } from "./parser-context";
export type {
  MarkupSegment,
  ReasoningSegment,
  Segment,
  SegmentSink,
  TextSegment,
  ToolCallDeltaSegment,
  ToolCallEndSegment,
  ToolCallStartSegment,
  WarningSegment,
} from "./segment";
export {
  createSegmenter,
  type Segmenter,
  type SegmenterOptions,
  type ServerParsedKind,
} from "./segmenter";
export { createTextAccumulator, type TextAccumulator } from "./text-accumulator";
export {
  THINK_CLOSE,
  THINK_OPEN,
  ThinkTagParser,
  type ThinkTagPolicy,
  type ThinkTags,
} from "./think-tag-parser";
export { readThinkingKwarg, thinkingKwargValue } from "./thinking-kwarg";
export type { ToolCallFragment } from "./tool-call-fragment";
