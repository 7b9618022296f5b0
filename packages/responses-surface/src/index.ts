export { createResponseAggregator, type ResponseAggregator } from "./create-response-aggregator";
export {
  createResponsesEncoder,
  type ResponsesEncoder,
  type ResponsesEncoderOptions,
} from "./create-responses-encoder";
export { decodeResponsesRequest, type ResponsesRequestDecodeResult } from "./decode-responses-request";
export { formatResponsesSse } from "./format-responses-sse";
export {
  ContentPart,
  FunctionCallItem,
  FunctionCallOutputItem,
  InputItem,
  MessageItem,
  ReasoningItem,
} from "./input-item";
export { decodeReasoningEnvelope, encodeReasoningEnvelope } from "./reasoning-envelope";
export type * from "./response-object";
export type { ResponseStreamEvent } from "./response-stream-event";
export { RequestTool, ResponsesRequest } from "./responses-request";
export { type ChatTranslation, responsesToChat } from "./responses-to-chat";
