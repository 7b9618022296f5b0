export type { ChatCompletion, ChatCompletionMessage, ChatCompletionToolCall } from "./chat-completion";
export type {
  ChatChunkChoice,
  ChatChunkDelta,
  ChatCompletionChunk,
  ChatCompletionChunkOrError,
  ChatToolCallDelta,
} from "./chat-completion-chunk";
export { type ChatCompletionsRequest, ChatCompletionsRequestSchema } from "./chat-completions-request";
export { chatFinishReason } from "./chat-finish-reason";
export { type ChatCompletionUsage, chatUsage } from "./chat-usage";
export {
  type ChatChunkEncoder,
  type ChatChunkEncoderOptions,
  createChatChunkEncoder,
} from "./create-chat-chunk-encoder";
export {
  type ChatCompletionAggregator,
  type ChatCompletionAggregatorOptions,
  createChatCompletionAggregator,
} from "./create-chat-completion-aggregator";
export { type ChatSseEncoder, createChatSseEncoder } from "./create-chat-sse-encoder";
export {
  type ChatCompletionsRequestDecodeResult,
  decodeChatCompletionsRequest,
} from "./decode-chat-completions-request";
export { CHAT_SSE_DONE, formatChatSse } from "./format-chat-sse";
export { type OpenAIErrorBody, openAIErrorBody } from "./openai-error-body";
