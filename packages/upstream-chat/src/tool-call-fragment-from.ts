import type { ToolCallFragment } from "@sluice/core";
import type { ChatToolCall } from "./chat-completion-chunk";
import type { Mutable } from "./mutable";

/** One wire tool call (fragment or whole) with its nulls dropped. */
export function toolCallFragmentFrom(toolCall: ChatToolCall): ToolCallFragment {
  const fragment: Mutable<ToolCallFragment> = {};
  if (typeof toolCall.index === "number") fragment.index = toolCall.index;
  if (typeof toolCall.id === "string") fragment.id = toolCall.id;
  const wireFunction = toolCall.function;
  if (wireFunction) {
    if (typeof wireFunction.name === "string") fragment.name = wireFunction.name;
    if (typeof wireFunction.arguments === "string") fragment.arguments = wireFunction.arguments;
  }
  return fragment;
}
