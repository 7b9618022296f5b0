import type { Usage } from "./stream-events";

export interface UpstreamTokenCounts {
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** `prompt_tokens_details.cached_tokens`; many servers omit it. */
  readonly cachedTokens?: number;
}

/**
 * OpenAI usage → Anthropic usage (docs/protocol.md B5): cached prompt tokens are reported as cache
 * reads and excluded from `input_tokens`. Never negative, even if a server reports more cached
 * tokens than prompt tokens.
 */
export function anthropicUsage(counts: UpstreamTokenCounts): Usage {
  const cached = counts.cachedTokens ?? 0;
  return {
    input_tokens: Math.max(0, counts.promptTokens - cached),
    output_tokens: counts.completionTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: cached,
  };
}
