import { Schema } from "effect";
import { ChatChunkDelta, ChatUsage, MatchedStop } from "./chat-completion-chunk";
import { nullable } from "./nullable";

/** A non-streamed choice's `message`: the same fields as a streamed `delta`. */
export const ChatCompletionMessage = ChatChunkDelta;

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
