import type { MessageDeltaEvent, MessageStreamEvent, Usage } from "@sluice/protocol-anthropic";
import type { OpenAIFinishReason } from "@sluice/stop-reason";
import type {
  ChatChunkDelta,
  ChatCompletionChunk,
  ChatCompletionChunkOrError,
} from "./chat-completion-chunk";
import { chatFinishReason } from "./chat-finish-reason";
import { chatUsage } from "./chat-usage";
import { openAIErrorBody } from "./openai-error-body";

export interface ChatChunkEncoderOptions {
  /** `chatcmpl-…`, the same on every chunk. */
  readonly id: string;
  /** The model name the client asked for, echoed on every chunk. */
  readonly model: string;
  /** Unix seconds, the same on every chunk. */
  readonly created: number;
  /** `stream_options.include_usage`: a last chunk with `choices: []` and the counts. */
  readonly includeUsage: boolean;
  /** Appended to the message of an in-stream error, as in an HTTP error body. */
  readonly requestId?: string;
}

export interface ChatChunkEncoder {
  /**
   * The chunks one Anthropic event becomes, in order (often none). Pull style: the caller writes each
   * with `formatChatSse`, and `CHAT_SSE_DONE` once the stream ended (message_stop or error).
   */
  encode(event: MessageStreamEvent): ChatCompletionChunkOrError[];
}

/**
 * Anthropic message events → `chat.completion.chunk` objects: thinking as `delta.reasoning_content`,
 * text as `delta.content`, each tool_use block as one entry of `delta.tool_calls` keyed by its ordinal.
 * Block boundaries have no OpenAI counterpart and write nothing; signatures are Anthropic-only.
 * Relies on the pipeline's grammar (docs/architecture.md I1): one block open at a time.
 */
export function createChatChunkEncoder(options: ChatChunkEncoderOptions): ChatChunkEncoder {
  const { id, model, created, includeUsage } = options;
  let toolCallCount = 0;
  let openToolCall: number | undefined;
  let startUsage: Usage | undefined;
  let finalUsage: MessageDeltaEvent["usage"] | undefined;

  const chunk = (
    delta: ChatChunkDelta,
    finishReason: OpenAIFinishReason | null = null,
  ): ChatCompletionChunk => {
    const choices = [{ index: 0 as const, delta, logprobs: null, finish_reason: finishReason }];
    return includeUsage
      ? { id, object: "chat.completion.chunk", created, model, choices, usage: null }
      : { id, object: "chat.completion.chunk", created, model, choices };
  };

  return {
    encode(event) {
      switch (event.type) {
        case "message_start":
          startUsage = event.message.usage;
          // OpenAI's first chunk names the role; clients that build the message from it need it first.
          return [chunk({ role: "assistant", content: "" })];
        case "content_block_start": {
          const block = event.content_block;
          if (block.type !== "tool_use") return [];
          openToolCall = toolCallCount++;
          return [
            chunk({
              tool_calls: [
                {
                  index: openToolCall,
                  id: block.id,
                  type: "function",
                  function: { name: block.name, arguments: "" },
                },
              ],
            }),
          ];
        }
        case "content_block_delta": {
          const delta = event.delta;
          switch (delta.type) {
            case "text_delta":
              return delta.text === "" ? [] : [chunk({ content: delta.text })];
            case "thinking_delta":
              return delta.thinking === "" ? [] : [chunk({ reasoning_content: delta.thinking })];
            case "signature_delta":
              return [];
            case "input_json_delta":
              if (openToolCall === undefined || delta.partial_json === "") return [];
              return [
                chunk({ tool_calls: [{ index: openToolCall, function: { arguments: delta.partial_json } }] }),
              ];
          }
          return [];
        }
        case "content_block_stop":
          openToolCall = undefined;
          return [];
        case "message_delta":
          finalUsage = event.usage;
          return [chunk({}, chatFinishReason(event.delta.stop_reason, toolCallCount > 0))];
        case "message_stop":
          if (!includeUsage) return [];
          return [
            {
              id,
              object: "chat.completion.chunk",
              created,
              model,
              choices: [],
              usage: chatUsage(startUsage, finalUsage),
            },
          ];
        case "error":
          return [openAIErrorBody(event.error, options.requestId)];
        case "ping":
          return [];
      }
    },
  };
}
