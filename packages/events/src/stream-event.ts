import type { ErrorObject } from "./error-type";
import type { StopReason } from "./stop-reason";

/**
 * Sluice's own answer stream (docs/architecture.md §1): what the block sequencer and the transcoder emit, and
 * what each surface encodes (Anthropic Messages, Chat Completions, Responses) or folds for `stream: false`.
 * A message is `message-start`, blocks (`block-start`, `block-delta`…, `block-stop`, one open at a time,
 * indexes 0, 1, 2…), then `message-end`, or an `error` anywhere after `message-start` instead of the end.
 * A tool call the stream cut is left open: its block gets no `block-stop`, and `message-end` (stop reason
 * `max_tokens`) or `error` follows it directly.
 */
export type StreamEvent =
  | MessageStartEvent
  | BlockStartEvent
  | BlockDeltaEvent
  | BlockStopEvent
  | MessageEndEvent
  | ErrorEvent;

/** What the block sequencer emits: the blocks, without the message around them. */
export type BlockEvent = BlockStartEvent | BlockDeltaEvent | BlockStopEvent;

export interface MessageStartEvent {
  readonly type: "message-start";
  readonly id: string;
  /** The model name the client asked for, echoed back. */
  readonly model: string;
  /** The best known prompt size before the upstream counts it (an estimate, or 0). */
  readonly inputTokens: number;
}

export type BlockKind = "thinking" | "text" | "tool-call";

export type BlockStartEvent =
  | { readonly type: "block-start"; readonly index: number; readonly kind: "thinking" | "text" }
  | {
      readonly type: "block-start";
      readonly index: number;
      readonly kind: "tool-call";
      /** Valid (`^[a-zA-Z0-9_-]+$`) and unique in the message. */
      readonly id: string;
      readonly name: string;
    };

/**
 * What a delta adds to the open block: thinking or text to a block of that kind, a piece of a tool call's
 * arguments JSON (the pieces of a block concatenate to one object), or a thinking block's signature (the
 * opaque string a client sends back with it, last in the block).
 */
export type DeltaKind = "thinking" | "text" | "arguments" | "signature";

export interface BlockDeltaEvent {
  readonly type: "block-delta";
  readonly index: number;
  readonly kind: DeltaKind;
  /** Never empty. */
  readonly text: string;
}

export interface BlockStopEvent {
  readonly type: "block-stop";
  readonly index: number;
}

/** A message's token counts: the prompt split into what the server read from its prefix cache and the rest. */
export interface Usage {
  /** Prompt tokens not read from the cache. */
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly outputTokens: number;
}

/** The counts at the end: a count the upstream did not report is absent, and the one of `message-start` stands. */
export type EndUsage = Pick<Usage, "outputTokens"> &
  Partial<Pick<Usage, "inputTokens" | "cachedInputTokens">>;

export interface MessageEndEvent {
  readonly type: "message-end";
  readonly stopReason: StopReason;
  /** The matched stop sequence when `stopReason` is `stop_sequence`, else null. */
  readonly stopSequence: string | null;
  readonly usage: EndUsage;
}

/** The stream failed after it started: nothing follows. */
export interface ErrorEvent {
  readonly type: "error";
  readonly error: ErrorObject;
}
