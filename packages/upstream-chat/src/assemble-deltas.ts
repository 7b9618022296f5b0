import type { Mutable } from "./mutable";
import type { UpstreamDelta } from "./upstream-delta";

/**
 * The deltas one chunk amounts to: none when it carries nothing (a role-only first chunk, `""`
 * content); reasoning always travels in a delta of its own, first (the model reasons before it
 * answers), so a consumer never has to guess the order of reasoning and content in one chunk.
 */
export function assembleDeltas(reasoning: string | undefined, rest: Mutable<UpstreamDelta>): UpstreamDelta[] {
  const restIsEmpty =
    rest.content === undefined &&
    rest.toolCallFragments === undefined &&
    rest.finishReason === undefined &&
    rest.matchedStop === undefined &&
    rest.usage === undefined;
  if (reasoning === undefined) return restIsEmpty ? [] : [rest];
  return restIsEmpty ? [{ reasoning }] : [{ reasoning }, rest];
}
