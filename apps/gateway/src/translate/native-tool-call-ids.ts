import type { ChatMessage } from "@sluice/upstream-chat";

/**
 * Rewrites the ids of a conversation's tool calls, and of the tool results that answer them, into the form
 * the family's template was trained on (docs/dialects.md §3, `kimi_k2`: `functions.NAME:IDX`). Clients hold
 * the ids the gateway gave them (`toolu_…`, valid Anthropic ids); Kimi's template writes a past call's id into
 * the prompt verbatim, so the model would otherwise see foreign ids and may imitate them in its next call.
 * Calls are numbered in conversation order from 0; a result whose id answers no call keeps its id.
 */
export function nativeToolCallIds(
  messages: readonly ChatMessage[],
  format: (name: string, index: number) => string,
): ChatMessage[] {
  const renamed = new Map<string, string>();
  let index = 0;
  return messages.map((message) => {
    if (message.role === "assistant" && message.tool_calls !== undefined && message.tool_calls.length > 0) {
      return {
        ...message,
        tool_calls: message.tool_calls.map((call) => {
          const id = format(call.function.name, index++);
          renamed.set(call.id, id);
          return { ...call, id };
        }),
      };
    }
    if (message.role === "tool") {
      const id = renamed.get(message.tool_call_id);
      return id === undefined ? message : { ...message, tool_call_id: id };
    }
    return message;
  });
}
