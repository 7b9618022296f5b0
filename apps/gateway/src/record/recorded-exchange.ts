import { Schema } from "effect";

/** Bumped when a field changes meaning; `sluice replay` refuses a version it does not know. */
export const RECORDING_FORMAT_VERSION = 1;

const nullableString = Schema.NullOr(Schema.String);

/** One upstream body read, as it arrived: ms since the upstream call started, and its decoded text. */
const RecordedRead = Schema.Struct({ t: Schema.Number, text: Schema.String });

/**
 * `TranscoderOptions` as data (`serializeTranscoderOptions`): dialects by name, tools as a list (a tool
 * named `__proto__` stays a name, never a key). With the ids of the recorded events, enough to rebuild
 * the transcoder.
 */
export const RecordedTranscoderOptions = Schema.Struct({
  reasoning: nullableString,
  tool: nullableString,
  thinking: Schema.Boolean,
  /** Where the template left the model; null: the dialect decided (absent in files recorded before it was kept). */
  starts_in_reasoning: Schema.optional(Schema.NullOr(Schema.Boolean)),
  tools: Schema.Array(
    Schema.Struct({
      name: Schema.String,
      input_schema: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
    }),
  ),
  stop_sequences: Schema.Array(Schema.String),
  disable_parallel_tool_use: Schema.Boolean,
  model: Schema.String,
  input_tokens: Schema.Number,
  signature: nullableString,
});

// An event is checked for its `type` only: the replay compares whole events, so a newer field stays comparable.
const RecordedEvent = Schema.Record({ key: Schema.String, value: Schema.Unknown }).pipe(
  Schema.filter((event) => typeof event.type === "string" || "Expected an event with a string `type`"),
);

/** One exchange file of `server.record_dir` (docs/config.md, "Recording"). */
export const RecordedExchangeSchema = Schema.Struct({
  format: Schema.Literal("sluice-exchange"),
  version: Schema.Literal(RECORDING_FORMAT_VERSION),
  /** When the request arrived (ISO 8601). */
  time: Schema.String,
  request_id: Schema.String,
  /** The path served (`/v1/messages`). */
  route: Schema.String,
  /** What the client got: its HTTP status (499 when it went away first). */
  status: Schema.NullOr(Schema.Number),
  /** The upstream reads passed `server.record_max_bytes`: reads and events stop where the cap was reached. */
  truncated: Schema.Boolean,
  max_bytes: Schema.Number,
  client: Schema.Struct({
    /** Without `authorization`, `x-api-key`, cookies; any key or configured secret value redacted. */
    headers: Schema.Record({
      key: Schema.String,
      value: Schema.Union(Schema.String, Schema.Array(Schema.String)),
    }),
    /** The decoded JSON body (null when none was read). */
    body: Schema.Unknown,
  }),
  model: Schema.Struct({
    name: Schema.String,
    preset: nullableString,
    reasoning_parser: nullableString,
    tool_parser: nullableString,
    thinking_kwarg: nullableString,
  }),
  /** Null when the upstream never answered 200 (nothing went through a transcoder). */
  transcoder: Schema.NullOr(RecordedTranscoderOptions),
  upstream: Schema.Struct({
    url: nullableString,
    /** The translated chat request as sent, secrets redacted. */
    request: Schema.Unknown,
    status: Schema.NullOr(Schema.Number),
    /** Why the call failed before a status (refused, timeout), as the client was told. */
    error: nullableString,
    reads: Schema.Array(RecordedRead),
  }),
  /** The Anthropic events the transcoder emitted (for /v1/messages: what the client got, pings aside). */
  events: Schema.Array(RecordedEvent),
});

export type RecordedExchange = typeof RecordedExchangeSchema.Type;
export type RecordedTranscoderOptions = typeof RecordedTranscoderOptions.Type;
