import { Schema } from "effect";
import { ChatToolCall, ChatUsage, MatchedStop } from "./chat-completion-chunk";
import { nullable } from "./nullable";

export const ChatCompletionMessage = Schema.Struct({
  role: nullable(Schema.String),
  content: nullable(Schema.String),
  reasoning: nullable(Schema.String),
  reasoning_content: nullable(Schema.String),
  tool_calls: nullable(Schema.Array(ChatToolCall)),
});

export const ChatCompletionChoice = Schema.Struct({
  index: nullable(Schema.Number),
  message: nullable(ChatCompletionMessage),
  finish_reason: nullable(Schema.String),
  stop_reason: nullable(MatchedStop),
  matched_stop: nullable(MatchedStop),
});

/** A non-streamed `chat.completion` (the answer of a server that ignored `stream: true`). Lenient. */
export const ChatCompletion = Schema.Struct({
  id: nullable(Schema.String),
  object: nullable(Schema.String),
  created: nullable(Schema.Number),
  model: nullable(Schema.String),
  choices: Schema.Array(ChatCompletionChoice),
  usage: nullable(ChatUsage),
});
export type ChatCompletion = typeof ChatCompletion.Type;
