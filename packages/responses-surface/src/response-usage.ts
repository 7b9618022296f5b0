import type { EndUsage, MessageStartEvent } from "@sluice/events";
import type { ResponseOutputItem, ResponseUsage } from "./response-object";

/**
 * Sluice's usage (message-start's estimate, message-end's upstream counts) → Responses usage. Sluice's
 * `inputTokens` leaves out cache reads; OpenAI's counts them and reports them as `cached_tokens`.
 * The reasoning's part of the output tokens is reasoningTokens' estimate from `output`.
 */
export function responseUsage(
  start: MessageStartEvent | undefined,
  end: EndUsage | undefined,
  output: readonly ResponseOutputItem[],
): ResponseUsage {
  const input = end?.inputTokens ?? start?.inputTokens ?? 0;
  const cacheRead = end?.cachedInputTokens ?? 0;
  // Sluice reports no cache writes: model servers do not count them.
  const cacheWrite = 0;
  const inputTokens = input + cacheRead + cacheWrite;
  const outputTokens = end?.outputTokens ?? 0;
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
