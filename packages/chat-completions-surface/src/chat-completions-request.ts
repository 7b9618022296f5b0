import { expectedShape, OtherFields, WireBoolean, WireNumber, WireString } from "@sluice/wire-schema";
import { Schema } from "effect";
import { nullableField } from "./nullable-field";

/** One turn; only `role` is checked here, the translator reads the rest (content parts, tool_calls, …). */
const ChatMessageParam = Schema.Struct({ role: WireString }, OtherFields).annotations(
  expectedShape("a message (an object with a string `role`)"),
);

const FunctionDefinition = Schema.Struct(
  {
    name: WireString,
    description: Schema.optionalWith(WireString, { exact: true }),
    parameters: Schema.optionalWith(OtherFields.annotations(expectedShape("an object (a JSON Schema)")), {
      exact: true,
    }),
  },
  OtherFields,
).annotations(expectedShape("an object with a string `name`"));

const FunctionTool = Schema.Struct(
  { type: Schema.Literal("function"), function: FunctionDefinition },
  OtherFields,
);

/** `custom`, `web_search`, …: kept so the body stays whole, ignored by the consumers. */
const OtherTool = Schema.Struct(
  {
    type: WireString.pipe(
      Schema.filter((type) => type !== "function", {
        message: () => "Expected a tool type other than function",
      }),
    ),
  },
  OtherFields,
);

const ChatTool = Schema.Union(FunctionTool, OtherTool).annotations(
  expectedShape("a tool (an object with a string `type`)"),
);

/** `"auto"`, `"none"`, `"required"`, or an object such as `{type: "function", function: {name}}`. */
const ChatToolChoice = Schema.Union(
  WireString,
  Schema.Struct(
    {
      type: WireString,
      function: Schema.optionalWith(
        Schema.Struct({ name: WireString }, OtherFields).annotations(expectedShape("an object")),
        { exact: true },
      ),
    },
    OtherFields,
  ).annotations(expectedShape("an object with a string `type`")),
);

const StreamOptions = Schema.Struct({ include_usage: nullableField(WireBoolean) }, OtherFields).annotations(
  expectedShape("an object"),
);

/**
 * `POST /v1/chat/completions` as a client sends it, checked permissively: the fields Sluice reads must
 * have the right type, and every other field passes (and is kept, for the upstream).
 */
export const ChatCompletionsRequestSchema = Schema.Struct(
  {
    model: WireString,
    messages: Schema.Array(ChatMessageParam).annotations(expectedShape("an array of messages")),
    stream: nullableField(WireBoolean),
    stream_options: nullableField(StreamOptions),
    tools: nullableField(Schema.Array(ChatTool).annotations(expectedShape("an array of tools"))),
    tool_choice: nullableField(ChatToolChoice),
    n: nullableField(WireNumber),
    max_tokens: nullableField(WireNumber),
    max_completion_tokens: nullableField(WireNumber),
    stop: nullableField(
      Schema.Union(WireString, Schema.Array(WireString).annotations(expectedShape("an array of strings"))),
    ),
    parallel_tool_calls: nullableField(WireBoolean),
    reasoning_effort: nullableField(WireString),
  },
  OtherFields,
).annotations(expectedShape("a JSON object"));

export type ChatCompletionsRequest = typeof ChatCompletionsRequestSchema.Type;
