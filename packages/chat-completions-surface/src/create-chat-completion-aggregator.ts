import { createTextAccumulator, type TextAccumulator } from "@sluice/core";
import type {
  ErrorObject,
  MessageDeltaEvent,
  MessageStreamEvent,
  StopReason,
  Usage,
} from "@sluice/protocol-anthropic";
import type { ChatCompletion, ChatCompletionMessage } from "./chat-completion";
import { chatFinishReason } from "./chat-finish-reason";
import { chatUsage } from "./chat-usage";

export interface ChatCompletionAggregatorOptions {
  readonly id: string;
  readonly model: string;
  readonly created: number;
}

export interface ChatCompletionAggregator {
  push(event: MessageStreamEvent): void;
  /** Set when the stream ended with an `error` event; answer with `openAIErrorBody(error)` then. */
  readonly error: ErrorObject | undefined;
  /** The `chat.completion`; throws unless the stream ended with message_stop. */
  completion(): ChatCompletion;
}

interface ToolCallDraft {
  readonly id: string;
  readonly name: string;
  readonly arguments: TextAccumulator;
}

/**
 * Folds Anthropic message events into one `chat.completion` (docs/architecture.md I6: a `stream: false`
 * client gets what a streaming one builds). Thinking blocks are concatenated into `reasoning_content`
 * and text blocks into `content`, both with nothing between them: a streaming client appends every
 * `delta.content` to the one string it has, so "Checking." + call + "I read it." reads
 * "Checking.I read it." there too, and a separator here would make the two answers differ.
 */
export function createChatCompletionAggregator(
  options: ChatCompletionAggregatorOptions,
): ChatCompletionAggregator {
  // Held in about their own size, whatever the deltas (TextAccumulator).
  const reasoningText = createTextAccumulator();
  const answerText = createTextAccumulator();
  const toolCalls: ToolCallDraft[] = [];
  let openToolCall: ToolCallDraft | undefined;
  let startUsage: Usage | undefined;
  let finalUsage: MessageDeltaEvent["usage"] | undefined;
  let stopReason: StopReason | undefined;
  let stopped = false;
  let error: ErrorObject | undefined;

  return {
    push(event) {
      switch (event.type) {
        case "message_start":
          startUsage = event.message.usage;
          return;
        case "content_block_start":
          if (event.content_block.type === "tool_use") {
            openToolCall = {
              id: event.content_block.id,
              name: event.content_block.name,
              arguments: createTextAccumulator(),
            };
            toolCalls.push(openToolCall);
          }
          return;
        case "content_block_delta": {
          const delta = event.delta;
          if (delta.type === "text_delta") answerText.append(delta.text);
          else if (delta.type === "thinking_delta") reasoningText.append(delta.thinking);
          else if (delta.type === "input_json_delta" && openToolCall !== undefined)
            openToolCall.arguments.append(delta.partial_json);
          return;
        }
        case "content_block_stop":
          openToolCall = undefined;
          return;
        case "message_delta":
          // A call still open was cut (docs/architecture.md §3): it is no part of the completion.
          if (openToolCall !== undefined) toolCalls.pop();
          openToolCall = undefined;
          stopReason = event.delta.stop_reason;
          finalUsage = event.usage;
          return;
        case "message_stop":
          stopped = true;
          return;
        case "error":
          error = { type: event.error.type, message: event.error.message };
          return;
        case "ping":
          return;
      }
    },
    get error() {
      return error;
    },
    completion() {
      if (error !== undefined) {
        throw new Error(`the stream ended with an error event (${error.type}: ${error.message})`);
      }
      if (!stopped || stopReason === undefined) throw new Error("the stream has not ended with message_stop");
      const text = answerText.text();
      const reasoning = reasoningText.text();
      const message: ChatCompletionMessage = {
        role: "assistant",
        content: text === "" && toolCalls.length > 0 ? null : text,
        ...(reasoning === "" ? {} : { reasoning_content: reasoning }),
        refusal: null,
        ...(toolCalls.length === 0
          ? {}
          : {
              tool_calls: toolCalls.map((call) => {
                const args = call.arguments.text();
                return {
                  id: call.id,
                  type: "function" as const,
                  // The sequencer sends `{}` for a call without arguments; "" would not parse in any client.
                  function: { name: call.name, arguments: args === "" ? "{}" : args },
                };
              }),
            }),
      };
      return {
        id: options.id,
        object: "chat.completion",
        created: options.created,
        model: options.model,
        choices: [
          {
            index: 0,
            message,
            logprobs: null,
            finish_reason: chatFinishReason(stopReason, toolCalls.length > 0),
          },
        ],
        usage: chatUsage(startUsage, finalUsage),
      };
    },
  };
}
