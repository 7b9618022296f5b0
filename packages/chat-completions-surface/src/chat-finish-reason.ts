import type { StopReason } from "@sluice/events";
import { type OpenAIFinishReason, toOpenAIFinishReason } from "@sluice/stop-reason";

/**
 * The finish_reason for a message: `length` for max_tokens, `tool_calls` whenever a call was emitted,
 * otherwise the stop reason read backwards (`toOpenAIFinishReason`). The pipeline already says tool_use
 * whenever a call was emitted; the second rule only guards an event source that does not, because an
 * OpenAI agent loop runs the calls only when the finish says `tool_calls`. `length` wins over calls:
 * a call cut by max_tokens must not be run as if it were complete (docs/architecture.md §3).
 */
export function chatFinishReason(stopReason: StopReason, emittedToolCall: boolean): OpenAIFinishReason {
  const finishReason = toOpenAIFinishReason(stopReason);
  if (finishReason === "length" || !emittedToolCall) return finishReason;
  return "tool_calls";
}
