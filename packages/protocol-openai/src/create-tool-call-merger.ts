import type { ParserContext, Segment, SegmentSink } from "@sluice/core";
import { parseToolArguments } from "@sluice/tool-concat-repair";
import { HeldToolCall } from "./held-tool-call";
import type { ToolCallFragment } from "./upstream-delta";

export interface ToolCallMerger {
  /** A segment from elsewhere in the stream (text, reasoning, raw-parsed tool calls, warnings, markup). */
  segment(segment: Segment): void;
  /** Structured tool-call fragments from one upstream delta. */
  fragments(fragments: readonly ToolCallFragment[]): void;
  /** The upstream stream is over: emit every held call that is complete, drop the rest with warnings. */
  end(): void;
  /** Calls emitted so far (every `tool-call-start` that left the merger, raw-parsed ones included). */
  readonly emittedCalls: number;
  /** Structured calls dropped so far (truncated, malformed, nameless): every call dropped → end_turn. */
  readonly droppedCalls: number;
}

/**
 * The merge stage (docs/architecture.md §1, §4 "Structured upstream tool calls"): every segment of the stream and
 * every `delta.tool_calls` fragment pass through it, and it emits one ordered segment stream.
 *
 * Fragments merge by `index`, else by `id`, else into the most recent call (unless the fragment
 * brings a name and that call has one: whole calls without index or id). Each call is held until the
 * stream ends, because a `finish_reason` may come before the last fragment and `{…}{…}` may still
 * grow; then its arguments go through concat_repair. Model order: a segment that arrives while calls
 * are held flushes them first when all their arguments are complete JSON (the model has moved on),
 * else it waits behind them, and comes out right after them. A fragment for a call already flushed is
 * dropped with a warning (`tool_call.late_fragment`): that call's block is closed, and its arguments
 * were complete JSON when it was flushed.
 */
/** Characters of text that may wait behind an incomplete held call (a bounded buffer, docs/architecture.md I7). */
export const MAX_QUEUED_LENGTH = 1024 * 1024;

function segmentLength(segment: Segment): number {
  switch (segment.type) {
    case "text":
    case "reasoning":
    case "markup":
      return segment.text.length;
    case "tool-call-delta":
      return segment.argumentsJson.length;
    default:
      return 64;
  }
}

export function createToolCallMerger(context: ParserContext, sink: SegmentSink): ToolCallMerger {
  const held: HeldToolCall[] = [];
  // Wire ids go into Maps: `__proto__` is a valid tool id.
  const byIndex = new Map<number, HeldToolCall>();
  const byId = new Map<string, HeldToolCall>();
  const queue: Segment[] = [];
  let queuedLength = 0;
  let latest: HeldToolCall | undefined;
  let incompleteCalls = 0;
  let emittedCalls = 0;
  let droppedCalls = 0;

  const pass = (segment: Segment): void => {
    if (segment.type === "tool-call-start") emittedCalls++;
    sink(segment);
  };

  const warn = (code: string, message: string, raw: string): void => {
    sink({ type: "warning", code, message, raw });
  };

  const startCall = (index: number | undefined): HeldToolCall => {
    const call = new HeldToolCall();
    held.push(call);
    incompleteCalls++;
    if (index !== undefined) byIndex.set(index, call);
    return call;
  };

  const callFor = (
    index: number | undefined,
    id: string | undefined,
    name: string | undefined,
  ): HeldToolCall => {
    if (index !== undefined) {
      const known = byIndex.get(index);
      // vLLM qwen3_xml repeats the id on every fragment: the same id continues the call.
      if (known && (id === undefined || known.id === undefined || known.id === id)) return known;
      return startCall(index);
    }
    if (id !== undefined) {
      const known = byId.get(id);
      if (known) return known;
      // Dynamo: arguments may arrive before the id and name; the newest call without an id takes it.
      if (latest && latest.id === undefined && !latest.flushed) return latest;
      return startCall(undefined);
    }
    // Neither index nor id: the most recent call continues, unless this fragment names a new one.
    if (latest && !(name !== undefined && latest.name !== undefined)) return latest;
    return startCall(undefined);
  };

  const emitCall = (call: HeldToolCall): void => {
    call.flushed = true;
    const text = call.arguments;
    call.release();
    const name = call.name;
    if (name === undefined) {
      droppedCalls++;
      warn("tool_call.missing_name", "a structured tool call never got a name; it is dropped", text);
      return;
    }
    const result = parseToolArguments(text);
    if (result.kind === "truncated") {
      droppedCalls++;
      warn(
        "tool_call.truncated",
        `the arguments of ${name} end mid-JSON; the call is dropped, never completed by guessing`,
        result.raw,
      );
      return;
    }
    if (result.kind === "malformed") {
      droppedCalls++;
      warn(
        "tool_call.malformed",
        `the arguments of ${name} are not usable (${result.reason}); the call is dropped`,
        result.raw,
      );
      return;
    }
    result.calls.forEach((parsed, position) => {
      const callIndex = context.allocateCallIndex();
      const upstreamId = position === 0 ? call.id : undefined;
      sink(
        upstreamId === undefined
          ? { type: "tool-call-start", callIndex, name }
          : { type: "tool-call-start", callIndex, name, upstreamId },
      );
      sink({ type: "tool-call-delta", callIndex, argumentsJson: parsed.json });
      sink({ type: "tool-call-end", callIndex });
      emittedCalls++;
    });
    if (result.repaired) warn("tool_call.repaired", `the arguments of ${name} were repaired into JSON`, text);
    if (result.split)
      warn(
        "tool_call.split",
        `the arguments of ${name} held ${result.calls.length} objects: emitted as that many calls`,
        text,
      );
  };

  /** Emits every held call in first-seen order, then what waited behind them. */
  const flush = (): void => {
    for (const call of held) emitCall(call);
    held.length = 0;
    incompleteCalls = 0;
    for (const segment of queue.splice(0)) pass(segment);
    queuedLength = 0;
  };

  const apply = (fragment: ToolCallFragment): void => {
    const id = fragment.id ? fragment.id : undefined;
    const name = fragment.name ? fragment.name : undefined;
    const call = callFor(fragment.index, id, name);
    latest = call;
    const text = fragment.arguments ?? "";
    if (call.flushed) {
      // Nothing is lost when a late fragment carries no argument text (a repeated id, `""`).
      if (text.trim().length > 0)
        warn(
          "tool_call.late_fragment",
          `arguments for ${call.name ?? "a tool call"} arrived after the call was emitted; they are dropped`,
          text,
        );
      return;
    }
    if (id !== undefined && call.id === undefined) {
      call.id = id;
      byId.set(id, call);
    }
    if (name !== undefined && call.name === undefined) call.name = name;
    const wasComplete = call.complete;
    call.append(text);
    if (wasComplete !== call.complete) incompleteCalls += wasComplete ? 1 : -1;
  };

  return {
    segment(segment: Segment): void {
      if (held.length === 0) pass(segment);
      else if (incompleteCalls === 0) {
        flush();
        pass(segment);
      } else {
        queue.push(segment);
        queuedLength += segmentLength(segment);
        // Bounded buffers (docs/architecture.md I7): past the cap, model order gives way to memory; nothing is lost.
        if (queuedLength > MAX_QUEUED_LENGTH) {
          warn(
            "tool_call.queue_released",
            `more than ${MAX_QUEUED_LENGTH} characters waited behind an incomplete tool call; they are passed on ahead of it`,
            "",
          );
          for (const queued of queue.splice(0)) pass(queued);
          queuedLength = 0;
        }
      }
    },
    fragments(fragments: readonly ToolCallFragment[]): void {
      for (const fragment of fragments) {
        apply(fragment);
        // Segments waited behind an incomplete call that is now complete: the model had moved on.
        if (queue.length > 0 && incompleteCalls === 0) flush();
      }
    },
    end(): void {
      flush();
    },
    get emittedCalls(): number {
      return emittedCalls;
    },
    get droppedCalls(): number {
      return droppedCalls;
    },
  };
}
