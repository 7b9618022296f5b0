import type { ChatCompletionChunkOrError } from "./chat-completion-chunk";

/**
 * The end of an OpenAI chat stream. The gateway writes it after a normal end and after an error chunk
 * alike, as vLLM does: the openai SDK throws on the error chunk itself (`data.error` in
 * `Stream.fromSSEResponse`) before it reads `[DONE]`, and clients that wait for `[DONE]` stop waiting.
 */
export const CHAT_SSE_DONE = "data: [DONE]\n\n";

/** One SSE event. OpenAI chat streams have no `event:` lines; the SDK reads `data:` only. */
export function formatChatSse(chunk: ChatCompletionChunkOrError): string {
  return `data: ${JSON.stringify(chunk)}\n\n`;
}
