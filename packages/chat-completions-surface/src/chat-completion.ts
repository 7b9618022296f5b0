import type { OpenAIFinishReason } from "@sluice/stop-reason";
import type { ChatCompletionUsage } from "./chat-usage";

/** One call in a `chat.completion`; `arguments` is JSON text, as OpenAI sends it. */
export interface ChatCompletionToolCall {
  readonly id: string;
  readonly type: "function";
  readonly function: { readonly name: string; readonly arguments: string };
}

export interface ChatCompletionMessage {
  readonly role: "assistant";
  /** `null` when the turn is only tool calls (OpenAI's shape); `""` for an empty turn without calls. */
  readonly content: string | null;
  /** Present only when the model reasoned (DeepSeek / vLLM convention). */
  readonly reasoning_content?: string;
  readonly refusal: null;
  readonly tool_calls?: readonly ChatCompletionToolCall[];
}

/** The non-streaming answer (`stream: false`), folded from the same events a stream gets. */
export interface ChatCompletion {
  readonly id: string;
  readonly object: "chat.completion";
  readonly created: number;
  readonly model: string;
  readonly choices: readonly [
    {
      readonly index: 0;
      readonly message: ChatCompletionMessage;
      readonly logprobs: null;
      readonly finish_reason: OpenAIFinishReason;
    },
  ];
  readonly usage: ChatCompletionUsage;
}
