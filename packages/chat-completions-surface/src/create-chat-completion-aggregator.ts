import { createTextAccumulator, type TextAccumulator } from "@sluice/core";
import type { EndUsage, ErrorObject, MessageStartEvent, StopReason, StreamEvent } from "@sluice/events";
import type { ChatCompletion, ChatCompletionMessage } from "./chat-completion";
import { chatFinishReason } from "./chat-finish-reason";
import { chatUsage } from "./chat-usage";

export interface ChatCompletionAggregatorOptions {
  readonly id: string;
  readonly model: string;
  readonly created: number;
}

export interface ChatCompletionAggregator {
  push(event: StreamEvent): void;
  /** Set when the stream ended with an `error` event; answer with `openAIErrorBody(error)` then. */
  readonly error: ErrorObject | undefined;
  /** The `chat.completion`; throws unless the stream ended with message-end. */
  completion(): ChatCompletion;
}

interface ToolCallDraft {
  readonly id: string;
  readonly name: string;
  readonly arguments: TextAccumulator;
}

/**
 * Folds Sluice's stream events into one `chat.completion` (docs/architecture.md I6: a `stream: false`
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
  let start: MessageStartEvent | undefined;
  let finalUsage: EndUsage | undefined;
  let stopReason: StopReason | undefined;
  let stopped = false;
  let error: ErrorObject | undefined;

  return {
    push(event) {
      switch (event.type) {
        case "message-start":
          start = event;
          return;
        case "block-start":
          if (event.kind === "tool-call") {
            openToolCall = { id: event.id, name: event.name, arguments: createTextAccumulator() };
            toolCalls.push(openToolCall);
          }
          return;
        case "block-delta":
          if (event.kind === "text") answerText.append(event.text);
          else if (event.kind === "thinking") reasoningText.append(event.text);
          else if (event.kind === "arguments" && openToolCall !== undefined)
            openToolCall.arguments.append(event.text);
          return;
        case "block-stop":
          openToolCall = undefined;
          return;
        case "message-end":
          // A call still open was cut (docs/architecture.md §3): it is no part of the completion.
          if (openToolCall !== undefined) toolCalls.pop();
          openToolCall = undefined;
          stopReason = event.stopReason;
          finalUsage = event.usage;
          stopped = true;
          return;
        case "error":
          error = { type: event.error.type, message: event.error.message };
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
      if (!stopped || stopReason === undefined) throw new Error("the stream has not ended with message-end");
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
        usage: chatUsage(start, finalUsage),
      };
    },
  };
}
