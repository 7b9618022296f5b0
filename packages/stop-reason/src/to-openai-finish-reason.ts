import type { StopReason } from "@sluice/events";

export type OpenAIFinishReason = "stop" | "length" | "tool_calls" | "content_filter";

/** docs/architecture.md §3 read backwards, for an OpenAI-compatible output. */
const OPENAI_FINISH_REASONS: Readonly<Record<StopReason, OpenAIFinishReason>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
};

export function toOpenAIFinishReason(stopReason: StopReason): OpenAIFinishReason {
  return OPENAI_FINISH_REASONS[stopReason];
}
