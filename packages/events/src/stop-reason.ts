/**
 * Why a message ended (docs/architecture.md §3): the words the request log and metrics use, and the
 * Anthropic surface's `stop_reason` as they are. `max_tokens` is the token limit, which ends a turn even inside
 * a tool call; `refusal` a content filter.
 */
export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "refusal";
