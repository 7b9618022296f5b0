export { UnknownBlock } from "./block-union";
export { CountTokensRequest, decodeCountTokensRequest } from "./count-tokens-request";
export { encodeAnthropicSse, encodeSseEvent, encodeSseEvents } from "./encode-sse";
export { type ErrorBody, errorBody, errorEvent } from "./errors";
export { createMessageAggregator, type MessageAggregator } from "./message-aggregator";
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
export { StreamGrammarError } from "./stream-grammar-error";
export { toAnthropicEvents } from "./to-anthropic-events";
