import type { ToolCallFragment } from "@sluice/core";

/** Token counts from the upstream `usage` object (docs/protocol.md B5). */
export interface UpstreamUsage {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  readonly cachedTokens?: number;
}

/** An upstream error: an `error` object in the stream, an error body, or a chunk we cannot read. */
export interface UpstreamError {
  readonly message: string;
  readonly type?: string;
  readonly code?: string | number;
  /** The HTTP status the upstream meant, when its `code` is a numeric HTTP status (vLLM, llama.cpp). */
  readonly status?: number;
}

/**
 * One decoded upstream event; several fields may be set at once (content + finish in one chunk).
 * Within one delta the fields apply in this order: content, toolCallFragments, finishReason and
 * matchedStop, usage. Reasoning always comes in a delta of its own, before the rest of its chunk.
 */
export interface UpstreamDelta {
  /** Raw content text (may hold `<think>`/`<tool_call>` markup); never empty. */
  readonly content?: string;
  /** From `reasoning` or `reasoning_content` (the non-empty one); never empty. */
  readonly reasoning?: string;
  readonly toolCallFragments?: readonly ToolCallFragment[];
  /** The raw `finish_reason` when non-null. */
  readonly finishReason?: string;
  /** vLLM `choice.stop_reason` or SGLang `matched_stop` when non-null. */
  readonly matchedStop?: string | number;
  readonly usage?: UpstreamUsage;
  /** An `error` object in a data line, or a data line that is not JSON. */
  readonly error?: UpstreamError;
  /** `data: [DONE]` (or the end of a complete JSON answer). */
  readonly done?: true;
}
