import { expectedShape, JsonObject, optionalField, WireBoolean, WireString } from "@sluice/wire-schema";
import { Schema } from "effect";
import { blockUnion } from "./block-union";

/** `{type: "text", text}`; `cache_control` and `citations` are accepted and ignored. */
export const TextBlockParam = Schema.Struct({ type: Schema.Literal("text"), text: WireString });
export type TextBlockParam = typeof TextBlockParam.Type;

export const Base64ImageSource = Schema.Struct({
  type: Schema.Literal("base64"),
  media_type: WireString,
  data: WireString,
});
export const UrlImageSource = Schema.Struct({ type: Schema.Literal("url"), url: WireString });

export const ImageBlockParam = Schema.Struct({
  type: Schema.Literal("image"),
  source: Schema.Union(Base64ImageSource, UrlImageSource).annotations(
    expectedShape("an image source (an object with `type` base64 or url)"),
  ),
});
export type ImageBlockParam = typeof ImageBlockParam.Type;

export const ToolUseBlockParam = Schema.Struct({
  type: Schema.Literal("tool_use"),
  id: WireString,
  name: WireString,
  input: JsonObject,
});
export type ToolUseBlockParam = typeof ToolUseBlockParam.Type;

/** What a tool result may hold: text and images; documents, `tool_reference` and newer types are accepted. */
export const ToolResultContentBlock = blockUnion({ text: TextBlockParam, image: ImageBlockParam });
export type ToolResultContentBlock = typeof ToolResultContentBlock.Type;

export const ToolResultBlockParam = Schema.Struct({
  type: Schema.Literal("tool_result"),
  tool_use_id: WireString,
  content: optionalField(
    Schema.Union(
      WireString,
      Schema.Array(ToolResultContentBlock).annotations(expectedShape("an array of content blocks")),
    ),
  ),
  is_error: optionalField(WireBoolean),
});
export type ToolResultBlockParam = typeof ToolResultBlockParam.Type;

/** The signature is Anthropic's; other gateways' transcripts may lack it, and Sluice never checks it. */
export const ThinkingBlockParam = Schema.Struct({
  type: Schema.Literal("thinking"),
  thinking: WireString,
  signature: optionalField(WireString),
});
export type ThinkingBlockParam = typeof ThinkingBlockParam.Type;

export const RedactedThinkingBlockParam = Schema.Struct({
  type: Schema.Literal("redacted_thinking"),
  data: WireString,
});
export type RedactedThinkingBlockParam = typeof RedactedThinkingBlockParam.Type;

/** A block in `messages[].content`; any other `type` decodes as an `UnknownBlock`. */
export const ContentBlockParam = blockUnion({
  text: TextBlockParam,
  image: ImageBlockParam,
  tool_use: ToolUseBlockParam,
  tool_result: ToolResultBlockParam,
  thinking: ThinkingBlockParam,
  redacted_thinking: RedactedThinkingBlockParam,
});
export type ContentBlockParam = typeof ContentBlockParam.Type;
