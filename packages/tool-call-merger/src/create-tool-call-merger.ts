import {
  isJsonWhitespace,
  type ParserContext,
  type Segment,
  type SegmentSink,
  type ToolCallFragment,
} from "@sluice/core";
import { type CallOutput, StructuredCall } from "./structured-call";

export interface ToolCallMerger {
  /** A segment from elsewhere in the stream (text, reasoning, raw-parsed tool calls, warnings, markup). */
  segment(segment: Segment): void;
  /** Structured tool-call fragments from one upstream delta. */
  fragments(fragments: readonly ToolCallFragment[]): void;
  /** The upstream stream is over: every call still open or waiting is ended or decided. */
  end(): void;
  /** Calls emitted so far (every `tool-call-start` that left the merger, raw-parsed ones included). */
  readonly emittedCalls: number;
  /** Structured calls dropped before any of them reached the client (a notice in their place). */
  readonly droppedCalls: number;
  /**
   * Set when a structured call that had started could not be finished as the model wrote it (cut off, or not
   * usable): what happened. Its block is left open and the turn ends there, for the stop reason to say how
   * (docs/architecture.md §3: such a call is never reported as a finished tool_use).
   */
  readonly cutCall: string | undefined;
}

/** Characters of text that may wait behind an open or undecided call (a bounded buffer, docs/architecture.md I7). */
export const MAX_QUEUED_LENGTH = 1024 * 1024;

const OPEN_BRACE = 123;

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

/**
 * The merge stage (docs/architecture.md §1, docs/dialects.md §2 "Structured upstream tool calls"): every
 * segment of the stream and every `delta.tool_calls` fragment pass through it, and it emits one ordered
 * segment stream in which one call at a time is open.
 *
 * Fragments merge by `index`, else by `id`, else into the most recent call (unless the fragment brings a
 * name and that call has one: whole calls without index or id). Calls and the other segments form one queue
 * in arrival order. The call at its head is the open one: it starts once it has a name and its arguments
 * begin as strict JSON, and its arguments stream live (StructuredCall). Everything behind it waits: another
 * call's fragments are kept and go out when it becomes the head, text goes out right after the calls that
 * came before it. So interleaved calls come out one after another, in the order they first appeared, none
 * of their arguments lost or reordered. A call ends at its own closing `}`; a call held whole (not strict
 * JSON) is decided when something else follows it and its text is structurally complete; at the end of the
 * stream every call is ended or decided.
 *
 * `{…}{…}`: another `{` right after a call's object (nothing else in between in the stream) is a call of its
 * own, with the same name. Other text for a finished call is late and dropped with a warning
 * (`tool_call.late_fragment`): its block is closed and its arguments were one complete object.
 */
export function createToolCallMerger(context: ParserContext, sink: SegmentSink): ToolCallMerger {
  // Calls and segments in arrival order, from `head` on; empty when nothing waits.
  const queue: (StructuredCall | Segment)[] = [];
  let head = 0;
  let queuedLength = 0;
  // Wire ids go into Maps: `__proto__` is a valid tool id.
  const byIndex = new Map<number, StructuredCall>();
  const byId = new Map<string, StructuredCall>();
  let latest: StructuredCall | undefined;
  // Counts the segments of the rest of the stream: a call's object closed "just now" while it has not moved.
  let moves = 0;
  // When each call's object closed (`moves` then): `{` splits the call only while nothing else came since.
  const closedAt = new WeakMap<StructuredCall, number>();
  let emittedCalls = 0;
  let droppedCalls = 0;
  let cutCall: string | undefined;

  const output: CallOutput = {
    context,
    sink,
    started: () => {
      emittedCalls++;
    },
    dropped: () => {
      droppedCalls++;
    },
    cut: (description) => {
      cutCall ??= description;
    },
  };

  const pass = (segment: Segment): void => {
    if (segment.type === "tool-call-start") emittedCalls++;
    sink(segment);
  };

  const warn = (code: string, message: string, raw: string): void => {
    sink({ type: "warning", code, message, raw });
  };

  /** Moves the queue on as far as its head allows; `final`: the stream is over, so nothing waits. */
  const advance = (final: boolean): void => {
    while (head < queue.length) {
      const item = queue[head] as StructuredCall | Segment;
      if (!(item instanceof StructuredCall)) {
        head++;
        queuedLength -= segmentLength(item);
        pass(item);
        continue;
      }
      const followed = head + 1 < queue.length;
      if (item.phase === "waiting") {
        if (item.startable && (item.objectComplete || !final)) item.goLive();
        else if (final || (followed && item.decidable)) item.decideWhole();
        else return;
      }
      if (item.phase === "live") {
        if (final || (followed && item.decidable)) item.finishLive();
        else return;
      }
      head++;
    }
    queue.length = 0;
    head = 0;
    queuedLength = 0;
  };

  const enqueueCall = (wireId: string | undefined, name: string | undefined, passesId: boolean) => {
    const call = new StructuredCall(output, passesId);
    call.wireId = wireId;
    call.name = name;
    queue.push(call);
    return call;
  };

  const startCall = (index: number | undefined): StructuredCall => {
    const call = enqueueCall(undefined, undefined, true);
    if (index !== undefined) byIndex.set(index, call);
    return call;
  };

  const callFor = (
    index: number | undefined,
    id: string | undefined,
    name: string | undefined,
  ): StructuredCall => {
    if (index !== undefined) {
      const known = byIndex.get(index);
      // vLLM qwen3_xml repeats the id on every fragment: the same id continues the call.
      if (known && (id === undefined || known.wireId === undefined || known.wireId === id)) return known;
      return startCall(index);
    }
    if (id !== undefined) {
      const known = byId.get(id);
      if (known) return known;
      // Dynamo: arguments may arrive before the id and name; the newest call without an id takes it.
      if (latest && latest.wireId === undefined && latest.phase !== "done") return latest;
      return startCall(undefined);
    }
    // Neither index nor id: the most recent call continues, unless this fragment names a new one.
    if (latest && !(name !== undefined && latest.name !== undefined)) return latest;
    return startCall(undefined);
  };

  /** `{…}{…}`: the object after a call's closed one is a call of its own, which takes the call's place. */
  const splitOff = (call: StructuredCall, index: number | undefined): StructuredCall => {
    const next = enqueueCall(call.wireId, call.name, false);
    if (index !== undefined && byIndex.get(index) === call) byIndex.set(index, next);
    if (call.wireId !== undefined && byId.get(call.wireId) === call) byId.set(call.wireId, next);
    return next;
  };

  /**
   * The text of one fragment for `first`. What follows its closed object is another call when it starts with
   * `{` and no text or reasoning came since the object closed (the model had not moved on); otherwise it is
   * late. Another call's fragments in between do not count: interleaved calls lose nothing.
   */
  const feed = (first: StructuredCall, index: number | undefined, text: string): void => {
    let call = first;
    let from = 0;
    for (;;) {
      from += call.append(from === 0 ? text : text.slice(from));
      if (call.objectComplete && !closedAt.has(call)) closedAt.set(call, moves);
      if (from === text.length) return;
      while (from < text.length && isJsonWhitespace(text.charCodeAt(from))) from++;
      if (from === text.length) return;
      if (text.charCodeAt(from) !== OPEN_BRACE || closedAt.get(call) !== moves) break;
      call = splitOff(call, index);
      latest = call;
    }
    // Text that is no object ends what may follow the call: a `{` later is late too, however it was cut.
    closedAt.set(call, -1);
    warn(
      "tool_call.late_fragment",
      `arguments for ${call.name ?? "a tool call"} arrived after the call was complete; they are dropped`,
      text.slice(from),
    );
  };

  const apply = (fragment: ToolCallFragment): void => {
    const id = fragment.id ? fragment.id : undefined;
    const name = fragment.name ? fragment.name : undefined;
    const call = callFor(fragment.index, id, name);
    latest = call;
    if (call.phase === "waiting") {
      if (id !== undefined && call.wireId === undefined) {
        call.wireId = id;
        byId.set(id, call);
      }
      if (name !== undefined && call.name === undefined) call.name = name;
    }
    const text = fragment.arguments ?? "";
    if (text.length === 0) return;
    if (call.phase === "done" && !call.objectComplete) {
      // A call dropped or decided whole: nothing more belongs to it.
      if (text.trim().length > 0)
        warn(
          "tool_call.late_fragment",
          `arguments for ${call.name ?? "a tool call"} arrived after the call was decided; they are dropped`,
          text,
        );
      return;
    }
    feed(call, fragment.index, text);
  };

  return {
    segment(segment: Segment): void {
      // Warnings and markup reach no client: they need no place in the queue.
      if (segment.type === "warning" || segment.type === "markup") {
        sink(segment);
        return;
      }
      moves++;
      if (head === queue.length) {
        pass(segment);
        return;
      }
      queue.push(segment);
      queuedLength += segmentLength(segment);
      // Bounded buffers (docs/architecture.md I7): past the cap the calls ahead are ended as they stand: the
      // open one is cut (the turn ends there), the others decided.
      if (queuedLength > MAX_QUEUED_LENGTH) {
        warn(
          "tool_call.queue_released",
          `more than ${MAX_QUEUED_LENGTH} characters waited behind unfinished tool calls; those calls are ended as they stand`,
          "",
        );
        const open = queue[head];
        if (open instanceof StructuredCall && open.phase === "live")
          open.cut(
            "tool_call.truncated",
            `were still incomplete after ${MAX_QUEUED_LENGTH} characters of text had come behind them`,
          );
        advance(true);
        return;
      }
      advance(false);
    },
    fragments(fragments: readonly ToolCallFragment[]): void {
      for (const fragment of fragments) {
        apply(fragment);
        advance(false);
      }
    },
    end(): void {
      advance(true);
    },
    get emittedCalls(): number {
      return emittedCalls;
    },
    get droppedCalls(): number {
      return droppedCalls;
    },
    get cutCall(): string | undefined {
      return cutCall;
    },
  };
}
