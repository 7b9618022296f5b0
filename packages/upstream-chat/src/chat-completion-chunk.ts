import { Schema } from "effect";
import { nullable } from "./nullable";

/** vLLM `stop_reason` / SGLang `matched_stop`: the matched stop string or stop token id (docs/protocol.md B6). */
export const MatchedStop = Schema.Union(Schema.String, Schema.Number);

/** One tool call in `delta.tool_calls` (a fragment) or `message.tool_calls` (a whole call). */
export const ChatToolCall = Schema.Struct({
  index: nullable(Schema.Number),
  id: nullable(Schema.String),
  type: nullable(Schema.String),
  function: nullable(
    Schema.Struct({
      name: nullable(Schema.String),
      arguments: nullable(Schema.String),
    }),
  ),
});
export type ChatToolCall = typeof ChatToolCall.Type;

/** The `usage` object (docs/protocol.md B5). */
export const ChatUsage = Schema.Struct({
  prompt_tokens: nullable(Schema.Number),
  completion_tokens: nullable(Schema.Number),
  total_tokens: nullable(Schema.Number),
  prompt_tokens_details: nullable(Schema.Struct({ cached_tokens: nullable(Schema.Number) })),
  completion_tokens_details: nullable(Schema.Struct({ reasoning_tokens: nullable(Schema.Number) })),
});
export type ChatUsage = typeof ChatUsage.Type;

/** `choices[].delta` of a streamed chunk (docs/protocol.md B1, B2). */
export const ChatChunkDelta = Schema.Struct({
  role: nullable(Schema.String),
  content: nullable(Schema.String),
  reasoning: nullable(Schema.String),
  reasoning_content: nullable(Schema.String),
  tool_calls: nullable(Schema.Array(ChatToolCall)),
});

export const ChatChunkChoice = Schema.Struct({
  index: nullable(Schema.Number),
  delta: nullable(ChatChunkDelta),
  finish_reason: nullable(Schema.String),
  stop_reason: nullable(MatchedStop),
  matched_stop: nullable(MatchedStop),
});

/**
 * One `chat.completion.chunk` as vLLM, SGLang, llama.cpp and Ollama send it (docs/protocol.md B1). Lenient:
 * unknown fields (`logprobs`, `timings`, `system_fingerprint` …) are ignored; what servers omit or null
 * is optional and nullable. The hot path reads chunks with `narrowChunk`, which agrees with this schema.
 */
export const ChatCompletionChunk = Schema.Struct({
  id: nullable(Schema.String),
  object: nullable(Schema.String),
  created: nullable(Schema.Number),
  model: nullable(Schema.String),
  choices: nullable(Schema.Array(ChatChunkChoice)),
  usage: nullable(ChatUsage),
});
export type ChatCompletionChunk = typeof ChatCompletionChunk.Type;
