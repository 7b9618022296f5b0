import type { ChatCompletionChunk } from "./chat-completion-chunk";
import { deltasFromChoice } from "./deltas-from-choice";
import type { UpstreamDelta } from "./upstream-delta";

/** The deltas of one well-typed chunk. Only choice 0 matters (n = 1). */
export function deltasFromChunk(chunk: ChatCompletionChunk): UpstreamDelta[] {
  const choice = chunk.choices?.find((candidate) => (candidate.index ?? 0) === 0);
  return deltasFromChoice(choice, choice?.delta, chunk.usage, false);
}
