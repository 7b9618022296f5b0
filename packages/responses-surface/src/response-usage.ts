import type { MessageDeltaEvent, Usage } from "@sluice/protocol-anthropic";
import type { ResponseUsage } from "./response-object";

/**
 * Anthropic usage (message_start's estimate, message_delta's upstream counts) → Responses usage. Anthropic's
 * `input_tokens` leaves out cache reads and writes; OpenAI's counts them and reports the reads as `cached_tokens`.
 */
export function responseUsage(
  start: Usage | undefined,
  delta: MessageDeltaEvent["usage"] | undefined,
): ResponseUsage {
  const input = delta?.input_tokens ?? start?.input_tokens ?? 0;
  const cacheRead = delta?.cache_read_input_tokens ?? start?.cache_read_input_tokens ?? 0;
  const cacheWrite = delta?.cache_creation_input_tokens ?? start?.cache_creation_input_tokens ?? 0;
  const inputTokens = input + cacheRead + cacheWrite;
  const outputTokens = delta?.output_tokens ?? 0;
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: cacheRead, cache_write_tokens: cacheWrite },
    output_tokens: outputTokens,
    // Upstreams report no split; the reasoning is in output_tokens.
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}
