import { boundedJson } from "./bounded-json";

/** Nesting deeper than this is counted as one short string: an estimate, and no recursion on a client's depth. */
const COUNTED_DEPTH = 64;

/** About four characters a token for English and JSON, plus a little chat-template overhead per message. */
export function estimateTokens(body: Record<string, unknown>): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const text = boundedJson({ messages, tools: body.tools ?? [] }, COUNTED_DEPTH);
  return Math.ceil(text.length / 4) + 4 * messages.length + 3;
}
