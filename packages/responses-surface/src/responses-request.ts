import {
  expectedShape,
  OtherFields,
  optionalField,
  WireBoolean,
  WireNumber,
  WireString,
} from "@sluice/wire-schema";
import { Schema } from "effect";
import { InputItem } from "./input-item";
import { optionalNullable } from "./optional-nullable";

/** `effort` and `summary` stay strings: their lists (minimal … xhigh, auto/concise/detailed) keep growing. */
export const ReasoningConfig = Schema.Struct(
  { effort: optionalNullable(WireString), summary: optionalNullable(WireString) },
  OtherFields,
).annotations(expectedShape("an object"));

/** Any tool; the translation keeps `type: "function"` ones and names the others it drops. */
export const RequestTool = Schema.Struct({ type: WireString }, OtherFields).annotations(
  expectedShape("a tool (an object with `type`)"),
);
export type RequestTool = typeof RequestTool.Type;

/**
 * `POST /v1/responses` as Codex CLI and the openai SDKs send it (docs/protocol.md D2). Permissive: unknown
 * fields (`store`, `include`, `prompt_cache_key`, `client_metadata`, …) are kept in the decoded value.
 */
export const ResponsesRequest = Schema.Struct(
  {
    model: WireString,
    input: optionalField(
      Schema.Union(WireString, Schema.Array(InputItem).annotations(expectedShape("an array of input items"))),
    ),
    instructions: optionalNullable(WireString),
    tools: optionalNullable(Schema.Array(RequestTool).annotations(expectedShape("an array of tools"))),
    tool_choice: optionalNullable(
      Schema.Union(WireString, Schema.Struct({ type: WireString }, OtherFields)).annotations(
        expectedShape("a string or an object with `type`"),
      ),
    ),
    parallel_tool_calls: optionalNullable(WireBoolean),
    stream: optionalNullable(WireBoolean),
    max_output_tokens: optionalNullable(WireNumber),
    temperature: optionalNullable(WireNumber),
    top_p: optionalNullable(WireNumber),
    reasoning: optionalNullable(ReasoningConfig),
    include: optionalNullable(Schema.Array(WireString).annotations(expectedShape("an array of strings"))),
    metadata: optionalNullable(
      Schema.Record({ key: Schema.String, value: Schema.Unknown }).annotations(expectedShape("an object")),
    ),
  },
  OtherFields,
).annotations(expectedShape("a JSON object"));
export type ResponsesRequest = typeof ResponsesRequest.Type;
