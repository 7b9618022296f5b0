import type { MessageDeltaEvent, Usage } from "@sluice/protocol-anthropic";

export interface ChatCompletionUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly total_tokens: number;
  readonly prompt_tokens_details: { readonly cached_tokens: number };
}

/**
 * OpenAI usage from the counts of message_start and message_delta. The delta's counts are cumulative
 * and replace the start's (docs/architecture.md §3). Anthropic's `input_tokens` leaves out cache reads
 * and writes, OpenAI's `prompt_tokens` counts the whole prompt, so both go back in.
 */
export function chatUsage(
  start: Usage | undefined,
  delta: MessageDeltaEvent["usage"] | undefined,
): ChatCompletionUsage {
  const input = delta?.input_tokens ?? start?.input_tokens ?? 0;
  const cacheRead = delta?.cache_read_input_tokens ?? start?.cache_read_input_tokens ?? 0;
  const cacheCreation = delta?.cache_creation_input_tokens ?? start?.cache_creation_input_tokens ?? 0;
  const output = delta?.output_tokens ?? start?.output_tokens ?? 0;
  const prompt = input + cacheRead + cacheCreation;
  return {
    prompt_tokens: prompt,
    completion_tokens: output,
    total_tokens: prompt + output,
    prompt_tokens_details: { cached_tokens: cacheRead },
  };
}
