import type { EndUsage, MessageStartEvent } from "@sluice/events";

export interface ChatCompletionUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly prompt_tokens_details: { readonly cached_tokens: number };
}

/**
 * OpenAI usage from the counts of message-start and message-end. The end's counts are cumulative and
 * replace the start's (docs/architecture.md §3). Sluice's `inputTokens` leaves out cache reads, OpenAI's
 * `prompt_tokens` counts the whole prompt, so they go back in.
 */
export function chatUsage(
  start: MessageStartEvent | undefined,
  end: EndUsage | undefined,
): ChatCompletionUsage {
  const input = end?.inputTokens ?? start?.inputTokens ?? 0;
  const cacheRead = end?.cachedInputTokens ?? 0;
  const output = end?.outputTokens ?? 0;
  const prompt = input + cacheRead;
  return {
    prompt_tokens: prompt,
    completion_tokens: output,
    total_tokens: prompt + output,
    prompt_tokens_details: { cached_tokens: cacheRead },
  };
}
