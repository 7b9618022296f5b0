import { estimateChatTokens } from "../translate/estimate-chat-tokens";
import type { Exchange } from "./exchange";

/**
 * The prompt tokens an answer reports before the server's own usage arrives (Anthropic's message_start):
 * the server's count when it counted this prompt for the output budget (its /tokenize, or its refusal's
 * numbers), else the estimate of the chat request sent. The final usage is always the server's.
 */
export function promptTokensAtStart(exchange: Exchange, body: Readonly<Record<string, unknown>>): number {
  const budget = exchange.log.outputBudget;
  return budget !== undefined && budget.measuredBy !== "estimate"
    ? budget.promptTokens
    : estimateChatTokens(body);
}
