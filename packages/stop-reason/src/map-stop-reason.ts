import type { ErrorType, StopReason } from "@sluice/events";
import { upstreamErrorType } from "./upstream-error-type";

export interface StopReasonInput {
  /** The upstream finish_reason (raw), if any came. */
  readonly finishReason: string | undefined;
  /** vLLM `choice.stop_reason` / SGLang `matched_stop`: the matched stop string or stop token id. */
  readonly matchedStop: string | number | undefined;
  /** The request's stop_sequences. */
  readonly stopSequences: readonly string[];
  /** At least one tool-call block was emitted. */
  readonly toolUseEmitted: boolean;
  /** `data: [DONE]` arrived. */
  readonly sawDone: boolean;
  /**
   * A tool call that had started reaching the client could not be finished as the model wrote it (its
   * arguments cut off, or not usable): what happened. Its block is left open; unless the upstream stopped for
   * `length` (then `max_tokens`, as Anthropic ends a turn cut inside a tool call), the turn is an error, never
   * a finished tool_use (docs/architecture.md §3).
   */
  readonly cutToolCall?: string | undefined;
  /** An upstream error chunk (or a failure the gateway reports as one). */
  readonly upstreamError?: { readonly message: string; readonly type?: string; readonly status?: number };
}

export type StopOutcome =
  | {
      readonly kind: "stop";
      readonly stopReason: { readonly unified: StopReason; readonly raw: string | undefined };
      readonly stopSequence: string | null;
    }
  | {
      readonly kind: "error";
      readonly errorType: ErrorType;
      readonly message: string;
      readonly raw: string | undefined;
    };

/** One row of docs/architecture.md §3: what an upstream finish_reason becomes. */
type FinishReasonRow =
  | {
      readonly raw: string;
      readonly unified: StopReason;
      /** Any tool-call block emitted makes it `tool_use`, whatever the upstream said. */
      readonly toolUseWins: boolean;
      /** A matched stop string that is one of the request's stop_sequences makes it `stop_sequence`. */
      readonly stopSequenceWins: boolean;
    }
  | { readonly raw: string; readonly error: string };

const FINISH_REASONS: readonly FinishReasonRow[] = [
  // Truthful even if a tool block was emitted: the limit cut the turn.
  { raw: "length", unified: "max_tokens", toolUseWins: false, stopSequenceWins: false },
  // EOS or a stop token (vLLM int stop_reason, SGLang int matched_stop) is end_turn.
  { raw: "stop", unified: "end_turn", toolUseWins: true, stopSequenceWins: true },
  // end_turn only when no tool-call block was emitted, i.e. every call was invalid and dropped.
  { raw: "tool_calls", unified: "end_turn", toolUseWins: true, stopSequenceWins: false },
  { raw: "function_call", unified: "end_turn", toolUseWins: true, stopSequenceWins: false },
  { raw: "content_filter", unified: "refusal", toolUseWins: true, stopSequenceWins: false },
  // vLLM cancellation and engine errors (docs/protocol.md B4): an error event, never a fabricated end_turn.
  { raw: "abort", error: 'the upstream aborted the generation (finish_reason "abort")' },
  { raw: "error", error: 'the upstream failed during the generation (finish_reason "error")' },
];

// finish_reason comes from the wire: a Map, so "__proto__" or "constructor" is just unknown.
const FINISH_REASON_ROWS: ReadonlyMap<string, FinishReasonRow> = new Map(
  FINISH_REASONS.map((row) => [row.raw, row]),
);

/** `[DONE]` arrived but no finish_reason ever came: the stream ended normally, as `stop`. */
const DONE_WITHOUT_FINISH_REASON = "stop";

const CUT_STREAM_MESSAGE =
  "the upstream stream ended before a finish reason (no finish_reason and no [DONE])";

/**
 * The stop reason and stop sequence for how the upstream stream ended (docs/architecture.md §3), or the
 * error event to send instead. A truncated or failed stream is never reported as `end_turn`
 * (CCR and LiteLLM do, and Claude Code then takes a partial answer as final: claude-code#19143).
 */
export function mapStopReason(input: StopReasonInput): StopOutcome {
  const raw = input.finishReason;
  const upstreamError = input.upstreamError;
  if (upstreamError !== undefined) {
    return {
      kind: "error",
      errorType: upstreamErrorType(upstreamError.status, upstreamError.type),
      // Kept unmodified: Claude Code's recovery matches on the upstream's wording (docs/protocol.md A1).
      message: upstreamError.message || "the upstream reported an error",
      raw,
    };
  }
  // The limit cut the call: max_tokens says so. Anything else would present half a call as a finished one.
  if (input.cutToolCall !== undefined && raw !== "length")
    return {
      kind: "error",
      errorType: "api_error",
      message: `${input.cutToolCall} (${raw === undefined ? (input.sawDone ? "no finish_reason" : "the stream ended before a finish_reason") : `finish_reason ${JSON.stringify(raw)}`}); the call is not run`,
      raw,
    };
  if (raw === undefined && !input.sawDone)
    return { kind: "error", errorType: "api_error", message: CUT_STREAM_MESSAGE, raw };

  const row = FINISH_REASON_ROWS.get(raw ?? DONE_WITHOUT_FINISH_REASON);
  if (row === undefined) {
    // docs/protocol.md B4: an unknown finish value is an error, not end_turn.
    return {
      kind: "error",
      errorType: "api_error",
      message: `unknown upstream finish_reason ${JSON.stringify(raw)}`,
      raw,
    };
  }
  if ("error" in row) return { kind: "error", errorType: "api_error", message: row.error, raw };
  if (row.toolUseWins && input.toolUseEmitted) return stop("tool_use", raw, null);
  const matchedStop = input.matchedStop;
  // Only a string the request asked for: SGLang reports EOS as an int matched_stop (docs/protocol.md B6).
  if (row.stopSequenceWins && typeof matchedStop === "string" && input.stopSequences.includes(matchedStop))
    return stop("stop_sequence", raw, matchedStop);
  return stop(row.unified, raw, null);
}

function stop(unified: StopReason, raw: string | undefined, stopSequence: string | null): StopOutcome {
  return { kind: "stop", stopReason: { unified, raw }, stopSequence };
}
