import { assembleDeltas } from "./assemble-deltas";
import type { ChatCompletion } from "./chat-completion";
import type { Mutable } from "./mutable";
import { toolCallFragmentFrom } from "./tool-call-fragment-from";
import type { ToolCallFragment, UpstreamDelta } from "./upstream-delta";
import { upstreamUsageFrom } from "./upstream-usage-from";

/**
 * A whole `chat.completion` as the deltas a stream of it would give, then `done` (the body is
 * complete: it parsed). Each tool call is one complete fragment; a call without an `index` gets its
 * position, so that calls without ids stay apart in the merger.
 */
export function deltasFromCompletion(completion: ChatCompletion): UpstreamDelta[] {
  const rest: Mutable<UpstreamDelta> = {};
  let reasoning: string | undefined;
  const choice = completion.choices.find((candidate) => (candidate.index ?? 0) === 0);
  if (choice) {
    const message = choice.message;
    if (message) {
      if (message.reasoning) reasoning = message.reasoning;
      else if (message.reasoning_content) reasoning = message.reasoning_content;
      if (message.content) rest.content = message.content;
      const toolCalls = message.tool_calls;
      if (toolCalls && toolCalls.length > 0)
        rest.toolCallFragments = toolCalls.map((toolCall, position): ToolCallFragment => {
          const fragment = toolCallFragmentFrom(toolCall);
          return fragment.index === undefined ? { index: position, ...fragment } : fragment;
        });
    }
    if (typeof choice.finish_reason === "string") rest.finishReason = choice.finish_reason;
    const matchedStop = choice.stop_reason ?? choice.matched_stop;
    if (matchedStop !== undefined && matchedStop !== null) rest.matchedStop = matchedStop;
  }
  if (completion.usage) rest.usage = upstreamUsageFrom(completion.usage);
  return [...assembleDeltas(reasoning, rest), { done: true }];
}
