import { Schema } from "effect";

const TextPart = Schema.Struct({ type: Schema.Literal("text"), text: Schema.String });

const ImageUrlPart = Schema.Struct({
  type: Schema.Literal("image_url"),
  image_url: Schema.Struct({ url: Schema.String, detail: Schema.optional(Schema.String) }),
});

/** Text or parts; images only where OpenAI allows them (user turns). */
const TextContent = Schema.Union(Schema.String, Schema.Array(TextPart));
const UserContent = Schema.Union(Schema.String, Schema.Array(Schema.Union(TextPart, ImageUrlPart)));

export const ChatRequestToolCall = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("function"),
  function: Schema.Struct({ name: Schema.String, arguments: Schema.String }),
});
export type ChatRequestToolCall = typeof ChatRequestToolCall.Type;

export const ChatSystemMessage = Schema.Struct({
  role: Schema.Literal("system"),
  content: TextContent,
  name: Schema.optional(Schema.String),
});
export type ChatSystemMessage = typeof ChatSystemMessage.Type;

export const ChatUserMessage = Schema.Struct({
  role: Schema.Literal("user"),
  content: UserContent,
  name: Schema.optional(Schema.String),
});
export type ChatUserMessage = typeof ChatUserMessage.Type;
/** One part of a user message's content array (text or image). */
export type ChatContentPart = Exclude<ChatUserMessage["content"], string>[number];

/**
 * A tool result as Gemma 4's template reads it, on the assistant message that made the call
 * (`tool_responses`, docs/dialects.md §5): the function's name and its result.
 */
export const ChatToolResponse = Schema.Struct({ name: Schema.String, response: Schema.Unknown });
export type ChatToolResponse = typeof ChatToolResponse.Type;

/**
 * Past reasoning goes back under the name the backend reads: vLLM reads `reasoning`, SGLang and
 * llama.cpp `reasoning_content` (docs/protocol.md B2; vllm-project/router#115 broke on the old name).
 */
export const ChatAssistantMessage = Schema.Struct({
  role: Schema.Literal("assistant"),
  content: Schema.optional(Schema.NullOr(TextContent)),
  tool_calls: Schema.optional(Schema.Array(ChatRequestToolCall)),
  tool_responses: Schema.optional(Schema.Array(ChatToolResponse)),
  reasoning: Schema.optional(Schema.String),
  reasoning_content: Schema.optional(Schema.String),
  name: Schema.optional(Schema.String),
});
export type ChatAssistantMessage = typeof ChatAssistantMessage.Type;

export const ChatToolMessage = Schema.Struct({
  role: Schema.Literal("tool"),
  content: TextContent,
  tool_call_id: Schema.String,
  // The called tool's name, for templates that render a result under it (Kimi K3's; the gateway's template rule
  // toolResultNames sets it).
  name: Schema.optional(Schema.String),
});
export type ChatToolMessage = typeof ChatToolMessage.Type;

export const ChatMessage = Schema.Union(
  ChatSystemMessage,
  ChatUserMessage,
  ChatAssistantMessage,
  ChatToolMessage,
);
export type ChatMessage = typeof ChatMessage.Type;

export const ChatFunctionTool = Schema.Struct({
  type: Schema.Literal("function"),
  function: Schema.Struct({
    name: Schema.String,
    description: Schema.optional(Schema.String),
    parameters: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
    strict: Schema.optional(Schema.Boolean),
  }),
});
export type ChatFunctionTool = typeof ChatFunctionTool.Type;

export const ChatToolChoice = Schema.Union(
  Schema.Literal("none", "auto", "required"),
  Schema.Struct({ type: Schema.Literal("function"), function: Schema.Struct({ name: Schema.String }) }),
);
export type ChatToolChoice = typeof ChatToolChoice.Type;

/** What the gateway sends upstream (`POST /v1/chat/completions`). Lenient: unknown fields are ignored. */
export const ChatCompletionRequest = Schema.Struct({
  model: Schema.String,
  messages: Schema.Array(ChatMessage),
  tools: Schema.optional(Schema.Array(ChatFunctionTool)),
  tool_choice: Schema.optional(ChatToolChoice),
  parallel_tool_calls: Schema.optional(Schema.Boolean),
  stop: Schema.optional(Schema.Union(Schema.String, Schema.Array(Schema.String))),
  max_tokens: Schema.optional(Schema.Int),
  max_completion_tokens: Schema.optional(Schema.Int),
  temperature: Schema.optional(Schema.Number),
  top_p: Schema.optional(Schema.Number),
  /** A vLLM/SGLang extension accepted at the top level (docs/protocol.md A2). */
  top_k: Schema.optional(Schema.Int),
  user: Schema.optional(Schema.String),
  stream: Schema.optional(Schema.Boolean),
  stream_options: Schema.optional(
    Schema.Struct({
      include_usage: Schema.optional(Schema.Boolean),
      /** vLLM: usage on every chunk (docs/protocol.md B5). */
      continuous_usage_stats: Schema.optional(Schema.Boolean),
    }),
  ),
  /** `enable_thinking` (Qwen3) or `thinking` (DeepSeek V3.1) per docs/dialects.md §1. */
  chat_template_kwargs: Schema.optional(Schema.Record({ key: Schema.String, value: Schema.Unknown })),
});
export type ChatCompletionRequest = typeof ChatCompletionRequest.Type;
