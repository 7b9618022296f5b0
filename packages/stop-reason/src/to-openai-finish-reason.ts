import type { StopReason } from "@sluice/protocol-anthropic";

export type OpenAIFinishReason = "stop" | "length" | "tool_calls" | "content_filter";

/** docs/architecture.md §3 read backwards, for an OpenAI-compatible output. */
const OPENAI_FINISH_REASONS: Readonly<Record<StopReason, OpenAIFinishReason>> = {
  end_turn: "stop",
  stop_sequence: "stop",
  max_tokens: "length",
  tool_use: "tool_calls",
  refusal: "content_filter",
  // A server-tool loop limit has no OpenAI counterpart; the turn did end.
  pause_turn: "stop",
};

export function toOpenAIFinishReason(stopReason: StopReason): OpenAIFinishReason {
  return OPENAI_FINISH_REASONS[stopReason];
}
