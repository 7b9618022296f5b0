import {
  expectedShape,
  JsonObject,
  optionalField,
  WireBoolean,
  WireInteger,
  WireNumber,
  WirePositiveInteger,
  WireString,
} from "@sluice/wire-schema";
import { Schema } from "effect";
import { ContentBlockParam, TextBlockParam } from "./request-content-block";
import { createRequestDecoder } from "./request-decoder";
import { Tool, ToolChoice } from "./request-tool";

/**
 * One turn. `role` is any string: Claude Code ≥ 2.1.154 sends `system` entries inside `messages`
 * and vLLM accepts `ctx`/`msg` (docs/protocol.md A1, vllm#44000); the translator decides what each means.
 */
export const MessageParam = Schema.Struct({
  role: WireString,
  content: Schema.Union(
    WireString,
    Schema.Array(ContentBlockParam).annotations(expectedShape("an array of content blocks")),
  ),
}).annotations(expectedShape("a message (an object with `role` and `content`)"));
export type MessageParam = typeof MessageParam.Type;

export const SystemParam = Schema.Union(
  WireString,
  Schema.Array(TextBlockParam.annotations(expectedShape("a text block"))).annotations(
    expectedShape("an array of text blocks"),
  ),
);
export type SystemParam = typeof SystemParam.Type;

/** Policy limits (`budget_tokens` ≥ 1024 and below `max_tokens`) are the upstream's business (docs/http-api.md §3). */
export const ThinkingConfig = Schema.Union(
  Schema.Struct({
    type: Schema.Literal("enabled"),
    budget_tokens: WireInteger,
    display: optionalField(WireString),
  }),
  Schema.Struct({ type: Schema.Literal("disabled") }),
  Schema.Struct({ type: Schema.Literal("adaptive"), display: optionalField(WireString) }),
).annotations(expectedShape("an object with `type` enabled, disabled or adaptive"));
export type ThinkingConfig = typeof ThinkingConfig.Type;

/** `effort` stays a string: the list (low … max) grows with every model generation. */
export const OutputConfig = Schema.Struct({
  effort: optionalField(WireString),
  format: optionalField(
    Schema.Struct({ type: WireString, schema: optionalField(JsonObject) }).annotations(
      expectedShape("an object"),
    ),
  ),
}).annotations(expectedShape("an object"));
export type OutputConfig = typeof OutputConfig.Type;

export const RequestMetadata = Schema.Struct({ user_id: optionalField(WireString) }).annotations(
  expectedShape("an object"),
);
export type RequestMetadata = typeof RequestMetadata.Type;

/** Every field but `max_tokens`: `count_tokens` takes the same body without it (docs/protocol.md A8). */
export const requestFieldsWithoutMaxTokens = {
  model: WireString,
  messages: Schema.Array(MessageParam).annotations(expectedShape("an array of messages")),
  system: optionalField(SystemParam),
  stop_sequences: optionalField(Schema.Array(WireString).annotations(expectedShape("an array of strings"))),
  stream: optionalField(WireBoolean),
  temperature: optionalField(WireNumber),
  top_p: optionalField(WireNumber),
  top_k: optionalField(WireNumber),
  metadata: optionalField(RequestMetadata),
  tools: optionalField(Schema.Array(Tool).annotations(expectedShape("an array of tools"))),
  tool_choice: optionalField(ToolChoice),
  thinking: optionalField(ThinkingConfig),
  output_config: optionalField(OutputConfig),
};

const { model, ...fieldsAfterModel } = requestFieldsWithoutMaxTokens;

/**
 * `POST /v1/messages` (docs/protocol.md A2). Unknown fields (`context_management`, `container`,
 * `service_tier`, …) are accepted and dropped from the decoded value.
 */
export const MessagesRequest = Schema.Struct({
  // Wire order model, max_tokens, messages: a body missing several reports the first.
  model,
  max_tokens: WirePositiveInteger,
  ...fieldsAfterModel,
}).annotations(expectedShape("a JSON object"));
export type MessagesRequest = typeof MessagesRequest.Type;

/** Decodes a parsed JSON body; a failure message starts with the offending path (`max_tokens: …`). */
export const decodeMessagesRequest = createRequestDecoder(MessagesRequest);
