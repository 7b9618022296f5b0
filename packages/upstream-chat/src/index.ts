export { ChatCompletion, ChatCompletionChoice, ChatCompletionMessage } from "./chat-completion";
export {
  ChatChunkChoice,
  ChatChunkDelta,
  ChatCompletionChunk,
  ChatToolCall,
  ChatUsage,
  MatchedStop,
} from "./chat-completion-chunk";
export {
  ChatAssistantMessage,
  ChatCompletionRequest,
  type ChatContentPart,
  ChatFunctionTool,
  ChatMessage,
  ChatRequestToolCall,
  ChatSystemMessage,
  ChatToolChoice,
  ChatToolMessage,
  ChatToolResponse,
  ChatUserMessage,
} from "./chat-completion-request";
export {
  createUpstreamDecoder,
  type UpstreamDecoder,
  type UpstreamDecoderOptions,
} from "./create-upstream-decoder";
export { decodeChunkWithSchema } from "./decode-chunk-with-schema";
export { narrowChunk } from "./narrow-chunk";
export type { UpstreamDelta, UpstreamError, UpstreamUsage } from "./upstream-delta";
