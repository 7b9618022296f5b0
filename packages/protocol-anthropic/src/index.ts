export { UnknownBlock } from "./block-union";
export { CountTokensRequest, decodeCountTokensRequest } from "./count-tokens-request";
export { encodeSseEvent, encodeSseEvents } from "./encode-sse";
export {
  ERROR_TABLE,
  type ErrorBody,
  type ErrorReason,
  type ErrorRow,
  errorBody,
  errorEvent,
  GatewayError,
  gatewayError,
  reasonOfStreamError,
  reasonOfUpstreamStatus,
} from "./errors";
export { formatParseError, type ParseErrorOptions } from "./format-parse-error";
export { createMessageAggregator, type MessageAggregator } from "./message-aggregator";
export { createMessageId } from "./message-id";
export {
  decodeMessagesRequest,
  MessageParam,
  MessagesRequest,
  OutputConfig,
  RequestMetadata,
  SystemParam,
  ThinkingConfig,
} from "./messages-request";
export {
  MessageSchema,
  ResponseContentBlockSchema,
  StopReasonSchema,
  UsageSchema,
} from "./messages-response";
export {
  Base64ImageSource,
  ContentBlockParam,
  ImageBlockParam,
  RedactedThinkingBlockParam,
  TextBlockParam,
  ThinkingBlockParam,
  ToolResultBlockParam,
  ToolResultContentBlock,
  ToolUseBlockParam,
  UrlImageSource,
} from "./request-content-block";
export type { RequestDecodeResult } from "./request-decoder";
export { ClientTool, isServerTool, ServerTool, type ServerToolType, Tool, ToolChoice } from "./request-tool";
export type * from "./stream-events";
export { ERROR_TYPES } from "./stream-events";
export { StreamGrammarError } from "./stream-grammar-error";
export { anthropicUsage, type UpstreamTokenCounts } from "./usage";
export {
  expected,
  expectedShape,
  JsonObject,
  OtherFields,
  optionalField,
  WireBoolean,
  WireInteger,
  WireNumber,
  WirePositiveInteger,
  WireString,
} from "./wire-primitives";
