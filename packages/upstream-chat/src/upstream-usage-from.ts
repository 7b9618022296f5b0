import type { ChatUsage } from "./chat-completion-chunk";
import type { Mutable } from "./mutable";
import type { UpstreamUsage } from "./upstream-delta";

/** prompt_tokens, completion_tokens, prompt_tokens_details.cached_tokens (docs/protocol.md B5). */
export function upstreamUsageFrom(usage: ChatUsage): UpstreamUsage {
  const result: Mutable<UpstreamUsage> = {};
  if (typeof usage.prompt_tokens === "number") result.promptTokens = usage.prompt_tokens;
  if (typeof usage.completion_tokens === "number") result.completionTokens = usage.completion_tokens;
  const cached = usage.prompt_tokens_details?.cached_tokens;
  if (typeof cached === "number") result.cachedTokens = cached;
  return result;
}
