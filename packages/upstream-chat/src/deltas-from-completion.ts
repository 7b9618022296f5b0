import type { ChatCompletion } from "./chat-completion";
import { deltasFromChoice } from "./deltas-from-choice";
import type { UpstreamDelta } from "./upstream-delta";

/**
 * A whole `chat.completion` as the deltas a stream of it would give, then `done` (the body is
 * complete: it parsed). Each tool call is one complete fragment.
 */
export function deltasFromCompletion(completion: ChatCompletion): UpstreamDelta[] {
  const choice = completion.choices.find((candidate) => (candidate.index ?? 0) === 0);
  return [...deltasFromChoice(choice, choice?.message, completion.usage, true), { done: true }];
}
