import { assembleDeltas } from "./assemble-deltas";
import type { ChatCompletionChunk } from "./chat-completion-chunk";
import type { Mutable } from "./mutable";
import { toolCallFragmentFrom } from "./tool-call-fragment-from";
import type { UpstreamDelta } from "./upstream-delta";
import { upstreamUsageFrom } from "./upstream-usage-from";

/**
 * The deltas of one well-typed chunk. Only choice 0 matters (n = 1); empty strings are omitted (they
 * must not open blocks, PROTOCOL B1); `reasoning` wins over `reasoning_content` when both are
 * non-empty (vLLM sends both during its rename, vllm#34030).
 */
export function deltasFromChunk(chunk: ChatCompletionChunk): UpstreamDelta[] {
  const rest: Mutable<UpstreamDelta> = {};
  let reasoning: string | undefined;
  const choice = firstChoice(chunk.choices);
  if (choice) {
    const delta = choice.delta;
    if (delta) {
      if (delta.reasoning) reasoning = delta.reasoning;
      else if (delta.reasoning_content) reasoning = delta.reasoning_content;
      if (delta.content) rest.content = delta.content;
      const toolCalls = delta.tool_calls;
      if (toolCalls && toolCalls.length > 0) rest.toolCallFragments = toolCalls.map(toolCallFragmentFrom);
    }
    if (typeof choice.finish_reason === "string") rest.finishReason = choice.finish_reason;
    const matchedStop = choice.stop_reason ?? choice.matched_stop;
    if (matchedStop !== undefined && matchedStop !== null) rest.matchedStop = matchedStop;
  }
  if (chunk.usage) rest.usage = upstreamUsageFrom(chunk.usage);
  return assembleDeltas(reasoning, rest);
}

type Choice = NonNullable<ChatCompletionChunk["choices"]>[number];

function firstChoice(choices: ChatCompletionChunk["choices"]): Choice | undefined {
  if (!choices) return undefined;
  for (const choice of choices) if ((choice.index ?? 0) === 0) return choice;
  return undefined;
}
