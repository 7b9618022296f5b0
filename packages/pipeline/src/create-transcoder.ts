import { type BlockSequencer, createBlockSequencer } from "@sluice/block-sequencer";
import {
  createParserContext,
  createSegmenter,
  type ReasoningDialect,
  type Segmenter,
  type ToolDialect,
  type ToolSchemas,
  type WarningSegment,
} from "@sluice/core";
import type { ErrorObject, StopReason, StreamEvent, Usage } from "@sluice/events";
import { mapStopReason } from "@sluice/stop-reason";
import { createToolCallMerger, type ToolCallMerger } from "@sluice/tool-call-merger";
import {
  createUpstreamDecoder,
  type UpstreamDecoder,
  type UpstreamDelta,
  type UpstreamUsage,
} from "@sluice/upstream-chat";
import { createMessageId } from "./create-message-id";
import { usageFromUpstream } from "./usage-from-upstream";

export interface TranscoderOptions {
  /** The model family's dialects for raw `content` (none: the server parses itself). */
  readonly reasoning?: ReasoningDialect | undefined;
  readonly tool?: ToolDialect | undefined;
  /** Thinking on for this request. */
  readonly thinking: boolean;
  /**
   * Whether the answer starts inside reasoning, as the family's chat template left the model (the gateway's
   * template rules decide it per request: DeepSeek V3.1 opens `<think>` only after a user message). Undefined:
   * the reasoning dialect decides.
   */
  readonly startsInReasoning?: boolean | undefined;
  /** The request's tools, name → input schema (typing for qwen_xml). */
  readonly tools?: ToolSchemas | undefined;
  readonly stopSequences?: readonly string[] | undefined;
  readonly disableParallelToolUse?: boolean | undefined;
  /** The model name echoed in message-start (the one the client asked for). */
  readonly model: string;
  readonly messageId?: string | undefined;
  /** Best known prompt size for message-start (an estimate, or 0). */
  readonly inputTokens?: number | undefined;
  /** Injected for reproducible tests; defaults are random. */
  readonly createToolId?: (() => string) | undefined;
  readonly signature?: string | undefined;
}

export interface TranscoderSummary {
  readonly stopReason: StopReason | undefined;
  readonly stopSequence: string | null;
  /** Set when the stream ended with an `error` event instead of message-end. */
  readonly error: ErrorObject | undefined;
  /** The upstream's raw finish_reason, if one came. */
  readonly finishReason: string | undefined;
  readonly blockCounts: { readonly thinking: number; readonly text: number; readonly tool_use: number };
  readonly warnings: readonly WarningSegment[];
  readonly usage: Usage;
}

/** One upstream response in, one stream of Sluice events out (docs/architecture.md §1); synchronous, no I/O. */
export interface Transcoder {
  /** Emits message-start. The gateway calls it before the first upstream byte; push() calls it if needed. */
  start(): void;
  /** Upstream body bytes, in any split (SSE, or a JSON answer to a stream request). */
  push(bytes: Uint8Array | string): void;
  /**
   * The upstream body ended. `failure` says why it was cut (network error, idle timeout) when it was;
   * without a finish reason and `[DONE]` a cut stream ends with an `error` event, never a made-up end_turn.
   */
  end(failure?: ErrorObject): void;
  /**
   * Ends the stream now with an `error` event carrying `failure`, whatever the upstream said so far: the
   * gateway gives the stream up (an answer past the size it can hold). Nothing after it is emitted.
   */
  abort(failure: ErrorObject): void;
  /** message-end or an error event has been emitted; later input is ignored. */
  readonly finished: boolean;
  /** Every warning so far, in order: the list grows as the stream goes (the summary's, without building one). */
  readonly warnings: readonly WarningSegment[];
  readonly summary: TranscoderSummary;
}

/**
 * Chains the stages: decode (eventsource-parser) → segment raw content (the family's dialects) →
 * merge structured fields (held tool calls, concat repair) → sequence blocks → stop reason →
 * Sluice's stream events. Each surface encodes the events (Anthropic SSE, Chat Completions, Responses), or
 * folds them into one answer for `stream: false`: one code path for both (docs/architecture.md I6).
 */
export function createTranscoder(
  options: TranscoderOptions,
  output: (event: StreamEvent) => void,
): Transcoder {
  // Within one upstream read, a tool call's consecutive argument deltas go out as one event: nothing waits
  // longer than the read, and a client that re-parses a call's partial JSON on every delta (the Anthropic
  // SDK's MessageStream, Claude Code) does it once per read, not once per upstream fragment.
  let heldJson: { index: number; json: string } | undefined;
  const releaseJson = (): void => {
    if (heldJson === undefined) return;
    const { index, json } = heldJson;
    heldJson = undefined;
    output({ type: "block-delta", index, kind: "arguments", text: json });
  };
  const sink = (event: StreamEvent): void => {
    if (event.type === "block-delta" && event.kind === "arguments") {
      if (heldJson !== undefined && heldJson.index === event.index) heldJson.json += event.text;
      else {
        releaseJson();
        heldJson = { index: event.index, json: event.text };
      }
      return;
    }
    releaseJson();
    output(event);
  };
  const context = createParserContext({
    thinking: options.thinking,
    ...(options.startsInReasoning === undefined ? {} : { startsInReasoning: options.startsInReasoning }),
    tools: options.tools ?? new Map(),
  });
  const sequencer: BlockSequencer = createBlockSequencer(
    {
      disableParallelToolUse: options.disableParallelToolUse ?? false,
      ...(options.createToolId ? { createToolId: options.createToolId } : {}),
      ...(options.signature === undefined ? {} : { signature: options.signature }),
    },
    sink,
  );
  const merger: ToolCallMerger = createToolCallMerger(context, (segment) => sequencer.push(segment));
  const segmenter: Segmenter = createSegmenter({
    reasoning: options.reasoning,
    tool: options.tool,
    context,
    sink: (segment) => merger.segment(segment),
  });

  let started = false;
  let finished = false;
  let finishReason: string | undefined;
  let matchedStop: string | number | undefined;
  let sawDone = false;
  let sawStructuredReasoning = false;
  let sawStructuredToolCalls = false;
  let upstreamUsage: UpstreamUsage | undefined;
  let stopReason: StopReason | undefined;
  let stopSequence: string | null = null;
  let error: ErrorObject | undefined;
  const inputTokens = options.inputTokens ?? 0;

  const start = (): void => {
    if (started) return;
    started = true;
    sink({
      type: "message-start",
      id: options.messageId ?? createMessageId(),
      model: options.model,
      inputTokens,
    });
  };

  // Upstream counts win; what the upstream leaves out falls back to the estimate (input) or 0.
  const usage = (): Usage =>
    usageFromUpstream({
      promptTokens: upstreamUsage?.promptTokens ?? inputTokens,
      completionTokens: upstreamUsage?.completionTokens ?? 0,
      cachedTokens: upstreamUsage?.cachedTokens ?? 0,
    });

  const fail = (errorObject: ErrorObject): void => {
    if (finished) return;
    start();
    finished = true;
    error = errorObject;
    sink({ type: "error", error: errorObject });
  };

  // The upstream is done (or cut): flush every stage, then map the stop reason.
  const finish = (upstreamError?: { message: string; type?: string; status?: number }): void => {
    if (finished) return;
    start();
    segmenter.end();
    merger.end();
    sequencer.end();
    const outcome = mapStopReason({
      finishReason,
      matchedStop,
      stopSequences: options.stopSequences ?? [],
      toolUseEmitted: sequencer.toolUseCount > 0,
      // Any dialect's cut call (its end said `cut`) leaves its block open: the stop reason must account for it,
      // in the words the merger uses for a structured call, so raw and parsing servers end a turn alike.
      cutToolCall: merger.cutCall ?? cutRawCall(sequencer.cutCallName),
      sawDone,
      ...(upstreamError ? { upstreamError } : {}),
    });
    if (outcome.kind === "error") {
      fail({ type: outcome.errorType, message: outcome.message });
      return;
    }
    finished = true;
    stopReason = outcome.stopReason.unified;
    stopSequence = outcome.stopSequence;
    const finalUsage = usage();
    sink({
      type: "message-end",
      stopReason,
      stopSequence,
      // Without upstream counts only the output is known; the prompt estimate of message-start stands.
      usage: upstreamUsage ? finalUsage : { outputTokens: finalUsage.outputTokens },
    });
  };

  const onDelta = (delta: UpstreamDelta): void => {
    if (finished) return;
    if (delta.error) {
      // An error chunk ends the stream as an error (docs/architecture.md §3), whatever was emitted before.
      finish(delta.error);
      return;
    }
    // Structured fields mean the server parses itself: its content is not that kind from then on (docs/dialects.md §1).
    if (delta.reasoning) {
      if (!sawStructuredReasoning) {
        sawStructuredReasoning = true;
        segmenter.serverParsed("reasoning");
      }
      merger.segment({ type: "reasoning", text: delta.reasoning });
    }
    if (delta.toolCallFragments && !sawStructuredToolCalls) {
      sawStructuredToolCalls = true;
      segmenter.serverParsed("tool-calls");
    }
    if (delta.content) segmenter.push(delta.content);
    if (delta.toolCallFragments) merger.fragments(delta.toolCallFragments);
    if (delta.finishReason !== undefined) finishReason = delta.finishReason;
    if (delta.matchedStop !== undefined) matchedStop = delta.matchedStop;
    if (delta.usage) upstreamUsage = delta.usage;
    if (delta.done) {
      sawDone = true;
      finish();
    }
    // A call cut mid-stream (the merger's bound on what waits behind it): the turn ends there.
    else if (merger.cutCall !== undefined) finish();
  };

  const decoder: UpstreamDecoder = createUpstreamDecoder(onDelta);

  return new TranscoderHandle({
    start,
    push(bytes) {
      if (finished) return;
      start();
      decoder.push(bytes);
      releaseJson();
    },
    end(failure) {
      if (finished) return;
      decoder.end();
      if (!finished) {
        if (failure && finishReason === undefined && !sawDone) fail(failure);
        else finish();
      }
      releaseJson();
    },
    abort(failure) {
      fail(failure);
    },
    finished: () => finished,
    warnings: () => sequencer.warnings,
    summary: (): TranscoderSummary => ({
      stopReason,
      stopSequence,
      error,
      finishReason,
      blockCounts: { ...sequencer.blockCounts },
      warnings: sequencer.warnings,
      usage: usage(),
    }),
  });
}

/** The transcoder's closures, each read through TranscoderHandle. */
interface TranscoderParts {
  start(): void;
  push(bytes: Uint8Array | string): void;
  end(failure?: ErrorObject): void;
  abort(failure: ErrorObject): void;
  finished(): boolean;
  warnings(): readonly WarningSegment[];
  summary(): TranscoderSummary;
}

/**
 * The `Transcoder` a caller holds: a class, so its getters sit on one shared prototype. An object literal with
 * getters is a dictionary-mode object in V8, whose every property read (`push`, on every upstream read) is a
 * hash lookup instead of a field load; at 200 streams that was a measurable share of a token's CPU.
 */
class TranscoderHandle implements Transcoder {
  constructor(private readonly parts: TranscoderParts) {}
  start(): void {
    this.parts.start();
  }
  push(bytes: Uint8Array | string): void {
    this.parts.push(bytes);
  }
  end(failure?: ErrorObject): void {
    this.parts.end(failure);
  }
  abort(failure: ErrorObject): void {
    this.parts.abort(failure);
  }
  get finished(): boolean {
    return this.parts.finished();
  }
  get warnings(): readonly WarningSegment[] {
    return this.parts.warnings();
  }
  get summary(): TranscoderSummary {
    return this.parts.summary();
  }
}

/** What a raw dialect's cut call (docs/dialects.md §2) tells the stop reason. */
function cutRawCall(name: string | undefined): string | undefined {
  return name === undefined
    ? undefined
    : `the arguments of tool call ${JSON.stringify(name)} were cut off before they were complete`;
}
