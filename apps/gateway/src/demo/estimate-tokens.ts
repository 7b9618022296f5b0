/** About four characters a token for English and JSON, plus a little chat-template overhead per message. */
export function estimateTokens(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const text = JSON.stringify({ messages, tools: body.tools ?? [] });
  return Math.ceil(text.length / 4) + 4 * messages.length + 3;
}
