import type { Usage } from "@sluice/events";

export interface UpstreamTokenCounts {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** `prompt_tokens_details.cached_tokens`; many servers omit it. */
  readonly cachedTokens?: number;
}

/**
 * OpenAI usage → Sluice's (docs/protocol.md B5): cached prompt tokens are counted apart and excluded from
 * `inputTokens`. Never negative, even if a server reports more cached tokens than prompt tokens.
 */
export function usageFromUpstream(counts: UpstreamTokenCounts): Usage {
  const cached = counts.cachedTokens ?? 0;
  return {
    inputTokens: Math.max(0, counts.promptTokens - cached),
    cachedInputTokens: cached,
    outputTokens: counts.completionTokens,
  };
}
