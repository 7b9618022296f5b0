import type { ErrorObject } from "@sluice/events";

/**
 * The Anthropic Messages streaming wire types (docs/protocol.md A3–A4), as plain TypeScript shapes: what
 * `toAnthropicEvents` makes of Sluice's stream events, what the SSE encoder writes and what a recording holds.
 */

export type StopReason = "end_turn" | "max_tokens" | "stop_sequence" | "tool_use" | "pause_turn" | "refusal";

export interface TextBlock {
  readonly type: "text";
  readonly text: string;
}

export interface ThinkingBlock {
  readonly type: "thinking";
  readonly thinking: string;
  readonly signature: string;
}

export interface ToolUseBlock {
  readonly type: "tool_use";
  readonly id: string;
  readonly name: string;
  readonly input: Record<string, unknown>;
}

export type ContentBlock = TextBlock | ThinkingBlock | ToolUseBlock;

export type ContentBlockDelta =
  | { readonly type: "text_delta"; readonly text: string }
  | { readonly type: "thinking_delta"; readonly thinking: string }
  | { readonly type: "signature_delta"; readonly signature: string }
  | { readonly type: "input_json_delta"; readonly partial_json: string };

export interface ContentBlockStartEvent {
  readonly type: "content_block_start";
  readonly index: number;
  /** At start: text `""`, thinking `""` with signature `""`, tool_use with `input: {}`. */
  readonly content_block: ContentBlock;
}

export interface ContentBlockDeltaEvent {
  readonly type: "content_block_delta";
  readonly index: number;
  readonly delta: ContentBlockDelta;
}

export interface ContentBlockStopEvent {
  readonly type: "content_block_stop";
  readonly index: number;
}

export type ContentBlockEvent = ContentBlockStartEvent | ContentBlockDeltaEvent | ContentBlockStopEvent;

export interface Usage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_creation_input_tokens: number;
  readonly cache_read_input_tokens: number;
}

export interface Message {
  readonly id: string;
  readonly type: "message";
  readonly role: "assistant";
  readonly model: string;
  readonly content: ContentBlock[];
  readonly stop_reason: StopReason | null;
  readonly stop_sequence: string | null;
  readonly usage: Usage;
}

export interface MessageStartEvent {
  readonly type: "message_start";
  readonly message: Message;
}

export interface MessageDeltaEvent {
  readonly type: "message_delta";
  readonly delta: { readonly stop_reason: StopReason; readonly stop_sequence: string | null };
  readonly usage: Partial<Usage> & { readonly output_tokens: number };
}

export interface MessageStopEvent {
  readonly type: "message_stop";
}

export interface PingEvent {
  readonly type: "ping";
}

export interface ErrorEvent {
  readonly type: "error";
  readonly error: ErrorObject;
}

export type MessageStreamEvent =
  | MessageStartEvent
  | ContentBlockEvent
  | MessageDeltaEvent
  | MessageStopEvent
  | PingEvent
  | ErrorEvent;
