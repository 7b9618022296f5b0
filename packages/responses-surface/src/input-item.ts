import { expectedShape, OtherFields, optionalField, WireString } from "@sluice/wire-schema";
import { Schema } from "effect";
import { optionalNullable } from "./optional-nullable";
import { otherType } from "./other-type";

const TextPartType = Schema.Literal("input_text", "output_text");

/** `input_text` (client turns) and `output_text` (assistant turns sent back); either reads as text anywhere. */
export const TextPart = Schema.Struct({ type: TextPartType, text: WireString }, OtherFields).annotations(
  expectedShape("a text part"),
);
export type TextPart = typeof TextPart.Type;

export const ImagePart = Schema.Struct(
  {
    type: Schema.Literal("input_image"),
    image_url: optionalNullable(WireString),
    file_id: optionalNullable(WireString),
    detail: optionalNullable(WireString),
  },
  OtherFields,
).annotations(expectedShape("an image part"));
export type ImagePart = typeof ImagePart.Type;

export const RefusalPart = Schema.Struct(
  { type: Schema.Literal("refusal"), refusal: WireString },
  OtherFields,
).annotations(expectedShape("a refusal part"));
export type RefusalPart = typeof RefusalPart.Type;

/** `input_file`, `input_audio` and whatever comes next: kept, then dropped with a warning by the translation. */
export const OtherPart = Schema.Struct(
  { type: otherType(["input_text", "output_text", "input_image", "refusal"]) },
  OtherFields,
);

export const ContentPart = Schema.Union(TextPart, ImagePart, RefusalPart, OtherPart);
export type ContentPart = typeof ContentPart.Type;

const Content = Schema.Union(
  WireString,
  Schema.Array(ContentPart).annotations(expectedShape("an array of content parts")),
);

/** `{type: "message", role, content}`; the easy form `{role, content}` has no `type`. */
export const MessageItem = Schema.Struct(
  { type: optionalField(Schema.Literal("message")), role: WireString, content: Content },
  OtherFields,
).annotations(expectedShape("a message item"));
export type MessageItem = typeof MessageItem.Type;

export const FunctionCallItem = Schema.Struct(
  {
    type: Schema.Literal("function_call"),
    call_id: WireString,
    name: WireString,
    arguments: WireString,
  },
  OtherFields,
).annotations(expectedShape("a function_call item"));
export type FunctionCallItem = typeof FunctionCallItem.Type;

export const FunctionCallOutputItem = Schema.Struct(
  {
    type: Schema.Literal("function_call_output"),
    call_id: WireString,
    output: Content,
  },
  OtherFields,
).annotations(expectedShape("a function_call_output item"));
export type FunctionCallOutputItem = typeof FunctionCallOutputItem.Type;

const ReasoningText = Schema.Struct({ type: WireString, text: WireString }, OtherFields).annotations(
  expectedShape("an object with `type` and `text`"),
);

export const ReasoningItem = Schema.Struct(
  {
    type: Schema.Literal("reasoning"),
    summary: optionalField(Schema.Array(ReasoningText).annotations(expectedShape("an array"))),
    content: optionalNullable(Schema.Array(ReasoningText).annotations(expectedShape("an array"))),
    encrypted_content: optionalNullable(WireString),
  },
  OtherFields,
).annotations(expectedShape("a reasoning item"));
export type ReasoningItem = typeof ReasoningItem.Type;

/** Hosted-tool calls, `item_reference`, `custom_tool_call`…: kept, then dropped with a warning by the translation. */
export const OtherItem = Schema.Struct(
  { type: otherType(["message", "function_call", "function_call_output", "reasoning"]) },
  OtherFields,
);
export type OtherItem = typeof OtherItem.Type;

export const InputItem = Schema.Union(
  MessageItem,
  FunctionCallItem,
  FunctionCallOutputItem,
  ReasoningItem,
  OtherItem,
);
export type InputItem = typeof InputItem.Type;
