import { Schema } from "effect";
import type { Message } from "./stream-events";

export const StopReasonSchema = Schema.Literal(
  "end_turn",
  "max_tokens",
  "stop_sequence",
  "tool_use",
  "pause_turn",
  "refusal",
);

export const UsageSchema = Schema.Struct({
  input_tokens: Schema.Number,
  output_tokens: Schema.Number,
  cache_creation_input_tokens: Schema.Number,
  cache_read_input_tokens: Schema.Number,
});

export const ResponseContentBlockSchema = Schema.Union(
  Schema.Struct({ type: Schema.Literal("text"), text: Schema.String }),
  Schema.Struct({ type: Schema.Literal("thinking"), thinking: Schema.String, signature: Schema.String }),
  Schema.Struct({
    type: Schema.Literal("tool_use"),
    id: Schema.String,
    name: Schema.String,
    input: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  }),
);

/** The non-streaming response (docs/protocol.md A7): the `Message` of stream-events.ts as a schema. */
export const MessageSchema = Schema.Struct({
  id: Schema.String,
  type: Schema.Literal("message"),
  role: Schema.Literal("assistant"),
  model: Schema.String,
  content: Schema.mutable(Schema.Array(ResponseContentBlockSchema)),
  stop_reason: Schema.NullOr(StopReasonSchema),
  stop_sequence: Schema.NullOr(Schema.String),
  usage: UsageSchema,
});

// Compile-time proof that the schema and the hand-written wire type describe the same object.
type Same<Left, Right> = [Left] extends [Right] ? ([Right] extends [Left] ? true : never) : never;
const schemaMatchesMessage: Same<typeof MessageSchema.Type, Message> = true;
void schemaMatchesMessage;
