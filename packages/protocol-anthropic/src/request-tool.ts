import { expectedShape, JsonObject, optionalField, WireBoolean, WireString } from "@sluice/wire-schema";
import { type Brand, ParseResult, Schema } from "effect";

/** A client tool: the model calls it and the client runs it. `cache_control`, `strict` are ignored. */
export const ClientTool = Schema.Struct({
  type: optionalField(Schema.Literal("custom")),
  name: WireString,
  description: optionalField(WireString),
  input_schema: JsonObject,
});
export type ClientTool = typeof ClientTool.Type;

export type ServerToolType = string & Brand.Brand<"ServerToolType">;

/** A server tool (`web_search_20250305`, `bash_20250124`, …): Anthropic runs it; it has no `input_schema`. */
export const ServerTool = Schema.Struct({
  type: WireString.pipe(
    Schema.filter((type) => type !== "custom"),
    Schema.brand("ServerToolType"),
  ),
  name: optionalField(WireString),
});
export type ServerTool = typeof ServerTool.Type;

const ToolHeader = JsonObject.annotations(expectedShape("a tool definition (an object)"));

/** Server tools are told apart by a non-`custom` `type` and no `input_schema`; everything else is a client tool. */
export const Tool = Schema.transformOrFail(
  ToolHeader,
  Schema.typeSchema(Schema.Union(ClientTool, ServerTool)),
  {
    strict: false,
    decode: (tool, options) => {
      const isServerTool =
        typeof tool.type === "string" && tool.type !== "custom" && !("input_schema" in tool);
      return isServerTool
        ? ParseResult.decodeUnknown(ServerTool)(tool, options)
        : ParseResult.decodeUnknown(ClientTool)(tool, options);
    },
    encode: (tool) => ParseResult.succeed(tool),
  },
);
export type Tool = typeof Tool.Type;

export function isServerTool(tool: Tool): tool is ServerTool {
  return !("input_schema" in tool);
}

export const ToolChoice = Schema.Union(
  Schema.Struct({ type: Schema.Literal("auto"), disable_parallel_tool_use: optionalField(WireBoolean) }),
  Schema.Struct({ type: Schema.Literal("any"), disable_parallel_tool_use: optionalField(WireBoolean) }),
  Schema.Struct({
    type: Schema.Literal("tool"),
    name: WireString,
    disable_parallel_tool_use: optionalField(WireBoolean),
  }),
  Schema.Struct({ type: Schema.Literal("none") }),
).annotations(expectedShape("an object with `type` auto, any, tool or none"));
export type ToolChoice = typeof ToolChoice.Type;
