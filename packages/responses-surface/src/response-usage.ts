import type { MessageDeltaEvent, Usage } from "@sluice/protocol-anthropic";
import type { ResponseOutputItem, ResponseUsage } from "./response-object";

/**
 * Anthropic usage (message_start's estimate, message_delta's upstream counts) → Responses usage. Anthropic's
 * `input_tokens` leaves out cache reads and writes; OpenAI's counts them and reports the reads as `cached_tokens`.
 * The reasoning's part of the output tokens is reasoningTokens' estimate from `output`.
 */
export function responseUsage(
  start: Usage | undefined,
  delta: MessageDeltaEvent["usage"] | undefined,
  output: readonly ResponseOutputItem[],
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
    output_tokens_details: { reasoning_tokens: reasoningTokens(outputTokens, output) },
    total_tokens: inputTokens + outputTokens,
  };
}

/**
 * How many of the output tokens were reasoning. Model servers count reasoning inside `completion_tokens`
 * and report no split, so it is the reasoning's share of the characters the model wrote (reasoning, text,
 * call names and arguments) applied to the output tokens: 0 without reasoning, at least 1 with some, never
 * more than the output tokens.
 */
function reasoningTokens(outputTokens: number, output: readonly ResponseOutputItem[]): number {
  let reasoning = 0;
  let written = 0;
  for (const item of output) {
    const characters =
      item.type === "function_call"
        ? item.name.length + item.arguments.length
        : item.content.reduce((sum, part) => sum + part.text.length, 0);
    written += characters;
    if (item.type === "reasoning") reasoning += characters;
  }
  if (reasoning === 0 || outputTokens === 0) return 0;
  return Math.min(outputTokens, Math.max(1, Math.round((outputTokens * reasoning) / written)));
}
