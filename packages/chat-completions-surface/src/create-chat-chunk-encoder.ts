import type { EndUsage, MessageStartEvent, StreamEvent } from "@sluice/events";
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
   * The chunks one Sluice event becomes, in order (often none). Pull style: the caller writes each
   * with `formatChatSse`, and `CHAT_SSE_DONE` once the stream ended (message-end or error).
   */
  encode(event: StreamEvent): ChatCompletionChunkOrError[];
}

/**
 * Sluice's stream events → `chat.completion.chunk` objects: thinking as `delta.reasoning_content`,
 * text as `delta.content`, each tool-call block as one entry of `delta.tool_calls` keyed by its ordinal.
 * Block boundaries have no OpenAI counterpart and write nothing; nor has a thinking block's signature.
 * Relies on the pipeline's grammar (docs/architecture.md I1): one block open at a time.
 */
export function createChatChunkEncoder(options: ChatChunkEncoderOptions): ChatChunkEncoder {
  const { id, model, created, includeUsage } = options;
  let toolCallCount = 0;
  let openToolCall: number | undefined;
  let start: MessageStartEvent | undefined;
  let finalUsage: EndUsage | undefined;

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
        case "message-start":
          start = event;
          // OpenAI's first chunk names the role; clients that build the message from it need it first.
          return [chunk({ role: "assistant", content: "" })];
        case "block-start":
          if (event.kind !== "tool-call") return [];
          openToolCall = toolCallCount++;
          return [
            chunk({
              tool_calls: [
                {
                  index: openToolCall,
                  id: event.id,
                  type: "function",
                  function: { name: event.name, arguments: "" },
                },
              ],
            }),
          ];
        case "block-delta":
          if (event.text === "") return [];
          switch (event.kind) {
            case "text":
              return [chunk({ content: event.text })];
            case "thinking":
              return [chunk({ reasoning_content: event.text })];
            case "signature":
              return [];
            case "arguments":
              if (openToolCall === undefined) return [];
              return [chunk({ tool_calls: [{ index: openToolCall, function: { arguments: event.text } }] })];
          }
          return [];
        case "block-stop":
          openToolCall = undefined;
          return [];
        case "message-end": {
          finalUsage = event.usage;
          const finish = chunk({}, chatFinishReason(event.stopReason, toolCallCount > 0));
          if (!includeUsage) return [finish];
          return [
            finish,
            {
              id,
              object: "chat.completion.chunk",
              created,
              model,
              choices: [],
              usage: chatUsage(start, finalUsage),
            },
          ];
        }
        case "error":
          return [openAIErrorBody(event.error, options.requestId)];
      }
    },
  };
}
