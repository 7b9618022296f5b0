import type { ToolCallFragment } from "@sluice/core";
import { assembleDeltas } from "./assemble-deltas";
import type { ChatChunkDelta, ChatUsage } from "./chat-completion-chunk";
import type { Mutable } from "./mutable";
import { toolCallFragmentFrom } from "./tool-call-fragment-from";
import type { UpstreamDelta } from "./upstream-delta";
import { upstreamUsageFrom } from "./upstream-usage-from";

/** What a chunk's choice and a completion's choice share: the finish and the matched stop. */
type MatchedStop = string | number;
type Delta = typeof ChatChunkDelta.Type;

export interface ChoiceEnd {
  readonly finish_reason?: string | null | undefined;
  readonly stop_reason?: MatchedStop | null | undefined;
  readonly matched_stop?: MatchedStop | null | undefined;
}

/**
 * The deltas of choice 0 of a chunk (its `delta`) or of a completion (its `message`, same fields),
 * plus the usage. Empty strings are omitted (they must not open blocks, docs/protocol.md B1); `reasoning` wins
 * over `reasoning_content` when both are non-empty (vLLM sends both during its rename, vllm#34030).
 * `wholeCalls`: the tool calls are complete (a completion), so one without an `index` gets its
 * position and calls without ids stay apart in the merger.
 */
export function deltasFromChoice(
  choice: ChoiceEnd | undefined,
  message: Delta | null | undefined,
  usage: ChatUsage | null | undefined,
  wholeCalls: boolean,
): UpstreamDelta[] {
  const rest: Mutable<UpstreamDelta> = {};
  let reasoning: string | undefined;
  if (message) {
    if (message.reasoning) reasoning = message.reasoning;
    else if (message.reasoning_content) reasoning = message.reasoning_content;
    if (message.content) rest.content = message.content;
    const toolCalls = message.tool_calls;
    if (toolCalls && toolCalls.length > 0)
      rest.toolCallFragments = toolCalls.map((toolCall, position): ToolCallFragment => {
        const fragment = toolCallFragmentFrom(toolCall);
        return wholeCalls && fragment.index === undefined ? { index: position, ...fragment } : fragment;
      });
  }
  if (choice) {
    if (typeof choice.finish_reason === "string") rest.finishReason = choice.finish_reason;
    const matchedStop = choice.stop_reason ?? choice.matched_stop;
    if (matchedStop !== undefined && matchedStop !== null) rest.matchedStop = matchedStop;
  }
  if (usage) rest.usage = upstreamUsageFrom(usage);
  return assembleDeltas(reasoning, rest);
}
