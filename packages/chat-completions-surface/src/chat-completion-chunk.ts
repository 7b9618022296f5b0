import type { OpenAIFinishReason } from "@sluice/stop-reason";
import type { ChatCompletionUsage } from "./chat-usage";
import type { OpenAIErrorBody } from "./openai-error-body";

/**
 * The `chat.completion.chunk` objects this surface writes (OpenAI's streaming shape, the one vLLM,
 * SGLang and DeepSeek serve too). Only the fields Sluice fills are typed; every chunk has one choice.
 */

/** A fragment of one call: the first carries `id`, `type` and `function.name`, later ones only arguments. */
export interface ChatToolCallDelta {
  /** The call's ordinal in this message (0, 1, …), which is how clients key their fragments. */
  readonly index: number;
  readonly id?: string;
  readonly type?: "function";
  readonly function: { readonly name?: string; readonly arguments: string };
}

export interface ChatChunkDelta {
  readonly role?: "assistant";
  readonly content?: string;
  /** DeepSeek's name for reasoning, read by SGLang, llama.cpp, LiteLLM and most OpenAI-compatible clients. */
  readonly reasoning_content?: string;
  readonly tool_calls?: readonly ChatToolCallDelta[];
}

export interface ChatChunkChoice {
  readonly index: 0;
  readonly delta: ChatChunkDelta;
  readonly logprobs: null;
  readonly finish_reason: OpenAIFinishReason | null;
}

export interface ChatCompletionChunk {
  readonly id: string;
  readonly object: "chat.completion.chunk";
  readonly created: number;
  readonly model: string;
  /** Empty only in the usage chunk that `stream_options.include_usage` asks for. */
  readonly choices: readonly ChatChunkChoice[];
  /** With include_usage: `null` on every chunk but the last, which carries the counts (OpenAI's rule). */
  readonly usage?: ChatCompletionUsage | null;
}

/** What one Sluice event becomes: chunks, or the error object a failed stream ends with. */
export type ChatCompletionChunkOrError = ChatCompletionChunk | OpenAIErrorBody;
