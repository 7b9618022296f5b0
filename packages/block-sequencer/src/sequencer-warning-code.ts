/** The codes of the warnings the block sequencer records itself. */
export const SEQUENCER_WARNING_CODE = {
  /** `disable_parallel_tool_use`: a call after the first was dropped. */
  parallelDropped: "tool_call.parallel_dropped",
  /** A tool-call segment that contradicts the stream (unknown, repeated or already ended call). */
  invalidToolSegment: "tool_call.invalid_segment",
} as const;
