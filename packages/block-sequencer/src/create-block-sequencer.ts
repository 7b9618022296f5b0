import {
  isJsonWhitespace,
  type ReasoningSegment,
  type Segment,
  type TextSegment,
  type ToolCallDeltaSegment,
  type ToolCallStartSegment,
  type WarningSegment,
} from "@sluice/core";
import type { BlockEvent } from "@sluice/events";
import { mintToolId } from "./mint-tool-id";
import { SEQUENCER_WARNING_CODE } from "./sequencer-warning-code";
import { ToolIdRegistry } from "./tool-id-registry";

export interface BlockSequencerOptions {
  /** Emit only the first tool call (request `disable_parallel_tool_use`); later calls dropped with a warning. */
  readonly disableParallelToolUse?: boolean;
  /** The opaque signature that ends each thinking block. Default: {@link DEFAULT_THINKING_SIGNATURE}. */
  readonly signature?: string;
  /** Mints tool ids; default `toolu_` + 24 random base62 chars (crypto). Injectable for tests. */
  readonly createToolId?: () => string;
}

/** Blocks emitted by kind, in the request log's words. */
export interface BlockCounts {
  readonly thinking: number;
  readonly text: number;
  readonly tool_use: number;
}

export interface BlockSequencer {
  push(segment: Segment): void;
  /** Close whatever is open (end of stream), except a cut call's block. Idempotent; segments pushed after it are ignored. */
  end(): void;
  /**
   * The name of a tool call that was cut (its end said `cut`): its block stays open, nothing after it is sent,
   * and the message must end there (docs/architecture.md §3). Undefined while no call was cut.
   */
  readonly cutCallName: string | undefined;
  /** Tool-call blocks emitted. */
  readonly toolUseCount: number;
  readonly blockCounts: BlockCounts;
  /** Warning segments received plus the sequencer's own, in order. */
  readonly warnings: readonly WarningSegment[];
}

/**
 * The gateway's own thinking signature: deterministic, so a message does not depend on chunking,
 * and plainly not Anthropic's (which only matters if the transcript later goes to Anthropic).
 */
export const DEFAULT_THINKING_SIGNATURE = "sluice";

// Trailing whitespace of an open block is held to see whether the block goes on; a longer run is
// passed on (bounded buffers), since a run that long is the model's, not a template's.
const MAX_HELD_WHITESPACE = 4096;

type BlockKind = "thinking" | "text" | "tool-call";
type QueuedSegment = ReasoningSegment | TextSegment | ToolCallStartSegment;

interface ToolCall {
  readonly name: string;
  readonly upstreamId: string | undefined;
  state: "queued" | "open" | "closed" | "dropped";
  /** Arguments that arrived while the call was queued. */
  pendingArguments: string;
  /** The call's end arrived while it was queued. */
  ended: boolean;
  /** That end said the call was cut. */
  cut: boolean;
}

/**
 * Segments → Sluice's blocks (docs/architecture.md §1, §2 I1/I2): exactly one open block, indexes 0, 1, 2…
 * in order, `toolu_`-style ids. While a tool block is open, every segment that is not that
 * call's is queued and replayed, in model order, right after the call ends, so the arguments that
 * complete a call always come before the text that follows it.
 */
export function createBlockSequencer(
  options: BlockSequencerOptions,
  sink: (event: BlockEvent) => void,
): BlockSequencer {
  return new Sequencer(options, sink);
}

class Sequencer implements BlockSequencer {
  readonly warnings: WarningSegment[] = [];
  readonly blockCounts = { thinking: 0, text: 0, tool_use: 0 };

  private readonly signature: string;
  private readonly disableParallelToolUse: boolean;
  private readonly toolIds: ToolIdRegistry;
  private readonly sink: (event: BlockEvent) => void;

  private openKind: BlockKind | undefined;
  private openIndex = -1;
  private activeCall: ToolCall | undefined;
  private activeCallHasInput = false;
  // callIndex → call, for the whole message: a segment of a closed or dropped call is recognised as such.
  private readonly calls = new Map<number, ToolCall>();
  // Segments waiting for the open tool block to end, read from `queueHead` on.
  private readonly queue: QueuedSegment[] = [];
  private queueHead = 0;
  // Trailing whitespace of the open thinking or text block, until the next non-whitespace decides.
  private heldWhitespace = "";
  private callSeen = false;
  private ended = false;
  // A cut call's block is open for good: the message ends with it.
  private cutCall: ToolCall | undefined;

  constructor(options: BlockSequencerOptions, sink: (event: BlockEvent) => void) {
    this.signature = options.signature ?? DEFAULT_THINKING_SIGNATURE;
    this.disableParallelToolUse = options.disableParallelToolUse ?? false;
    this.toolIds = new ToolIdRegistry(options.createToolId ?? mintToolId);
    this.sink = sink;
  }

  get toolUseCount(): number {
    return this.blockCounts.tool_use;
  }

  get cutCallName(): string | undefined {
    return this.cutCall?.name;
  }

  push(segment: Segment): void {
    if (this.ended || (this.cutCall !== undefined && segment.type !== "warning")) return;
    switch (segment.type) {
      case "reasoning":
      case "text":
        if (segment.text.length === 0) return;
        if (this.activeCall !== undefined) this.queue.push(segment);
        else this.content(segment.type, segment.text);
        return;
      case "tool-call-start":
        this.startCall(segment);
        return;
      case "tool-call-delta":
        this.callDelta(segment);
        return;
      case "tool-call-end":
        this.callEnd(segment.callIndex, segment.cut === true);
        return;
      case "warning":
        this.warnings.push(segment);
        return;
      case "markup":
        return;
    }
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.cutCall !== undefined) return;
    // A call that never ended is closed here; the queue behind it may open (and leave open) more.
    while (this.activeCall !== undefined) {
      this.closeCall();
      this.drain();
    }
    this.closeOpen();
  }

  /**
   * Template separators (docs/dialects.md §1): a thinking or text block never starts with whitespace and never
   * ends with it, so whitespace that only separates markup (`</think>\n\n`, newlines around calls)
   * opens, closes and joins nothing. Whitespace inside a block is the model's and passes on exactly.
   */
  private content(kind: "reasoning" | "text", text: string): void {
    const blockKind = kind === "reasoning" ? "thinking" : "text";
    const contentEnd = trailingWhitespaceStart(text);
    if (this.openKind === blockKind) {
      if (contentEnd === 0) {
        this.heldWhitespace += text;
        if (this.heldWhitespace.length > MAX_HELD_WHITESPACE) this.passHeldWhitespace(blockKind);
        return;
      }
      this.delta(blockKind, this.heldWhitespace + text.slice(0, contentEnd));
      this.heldWhitespace = text.slice(contentEnd);
      return;
    }
    // Whitespace alone opens no block, and leaves the open block of the other kind open (`</think>\n\n<think>`).
    if (contentEnd === 0) return;
    this.closeOpen();
    this.open(blockKind);
    this.delta(blockKind, text.slice(leadingWhitespaceEnd(text), contentEnd));
    this.heldWhitespace = text.slice(contentEnd);
  }

  private passHeldWhitespace(kind: "thinking" | "text"): void {
    this.delta(kind, this.heldWhitespace);
    this.heldWhitespace = "";
  }

  private startCall(segment: ToolCallStartSegment): void {
    if (this.calls.has(segment.callIndex)) {
      this.warn(
        SEQUENCER_WARNING_CODE.invalidToolSegment,
        `tool call ${segment.callIndex} started twice`,
        segment.name,
      );
      return;
    }
    const call: ToolCall = {
      name: segment.name,
      upstreamId: segment.upstreamId,
      state: "queued",
      pendingArguments: "",
      ended: false,
      cut: false,
    };
    this.calls.set(segment.callIndex, call);
    if (this.disableParallelToolUse && this.callSeen) {
      call.state = "dropped";
      this.warn(
        SEQUENCER_WARNING_CODE.parallelDropped,
        `tool call "${segment.name}" dropped: disable_parallel_tool_use allows only the first call`,
        segment.name,
      );
      return;
    }
    this.callSeen = true;
    if (this.activeCall !== undefined) this.queue.push(segment);
    else this.openCall(call);
  }

  private callDelta(segment: ToolCallDeltaSegment): void {
    const call = this.calls.get(segment.callIndex);
    switch (call?.state) {
      case "open":
        if (segment.argumentsJson.length === 0) return;
        this.activeCallHasInput = true;
        this.sink({
          type: "block-delta",
          index: this.openIndex,
          kind: "arguments",
          text: segment.argumentsJson,
        });
        return;
      case "queued":
        call.pendingArguments += segment.argumentsJson;
        return;
      case "dropped":
        return;
      default:
        this.warn(
          SEQUENCER_WARNING_CODE.invalidToolSegment,
          `arguments for tool call ${segment.callIndex}, which is not open`,
          segment.argumentsJson,
        );
    }
  }

  private callEnd(callIndex: number, cut: boolean): void {
    const call = this.calls.get(callIndex);
    switch (call?.state) {
      case "open":
        if (cut) this.cutCall = call;
        else {
          this.closeCall();
          this.drain();
        }
        return;
      case "queued":
        call.ended = true;
        call.cut = cut;
        return;
      case "dropped":
        return;
      default:
        this.warn(
          SEQUENCER_WARNING_CODE.invalidToolSegment,
          `end of tool call ${callIndex}, which is not open`,
          "",
        );
    }
  }

  private openCall(call: ToolCall): void {
    this.closeOpen();
    const id = this.toolIds.assign(call.upstreamId);
    this.openIndex++;
    this.openKind = "tool-call";
    this.blockCounts.tool_use++;
    this.sink({ type: "block-start", index: this.openIndex, kind: "tool-call", id, name: call.name });
    call.state = "open";
    this.activeCall = call;
    this.activeCallHasInput = false;
    if (call.pendingArguments.length > 0) {
      this.activeCallHasInput = true;
      this.sink({
        type: "block-delta",
        index: this.openIndex,
        kind: "arguments",
        text: call.pendingArguments,
      });
      call.pendingArguments = "";
    }
    if (call.cut) this.cutCall = call;
    else if (call.ended) this.closeCall();
  }

  private closeCall(): void {
    const call = this.activeCall;
    if (call === undefined) return;
    // docs/dialects.md §2: empty arguments mean {} (I2: the block's input must parse as one object).
    if (!this.activeCallHasInput)
      this.sink({ type: "block-delta", index: this.openIndex, kind: "arguments", text: "{}" });
    call.state = "closed";
    this.activeCall = undefined;
    this.sink({ type: "block-stop", index: this.openIndex });
    this.openKind = undefined;
  }

  /** Replays queued segments, in order, until the queue is empty or a replayed call stays open. */
  private drain(): void {
    const queue = this.queue;
    while (this.activeCall === undefined && this.cutCall === undefined && this.queueHead < queue.length) {
      const segment = queue[this.queueHead++]!;
      if (segment.type === "tool-call-start") this.openCall(this.calls.get(segment.callIndex)!);
      else this.content(segment.type, segment.text);
    }
    if (this.queueHead === queue.length) {
      queue.length = 0;
      this.queueHead = 0;
    }
  }

  private open(kind: "thinking" | "text"): void {
    this.openKind = kind;
    this.openIndex++;
    this.blockCounts[kind]++;
    this.sink({ type: "block-start", index: this.openIndex, kind });
  }

  private delta(kind: "thinking" | "text", text: string): void {
    this.sink({ type: "block-delta", index: this.openIndex, kind, text });
  }

  /** Closes an open thinking or text block (tool blocks close through closeCall), dropping its trailing whitespace. */
  private closeOpen(): void {
    this.heldWhitespace = "";
    if (this.openKind === undefined) return;
    if (this.openKind === "thinking")
      this.sink({ type: "block-delta", index: this.openIndex, kind: "signature", text: this.signature });
    this.sink({ type: "block-stop", index: this.openIndex });
    this.openKind = undefined;
  }

  private warn(code: string, message: string, raw: string): void {
    this.warnings.push({ type: "warning", code, message, raw });
  }
}

// Template whitespace is ASCII (JSON's four); a no-break or ideographic space is the model's text.

/** Where `text`'s trailing whitespace starts (0 when it is all whitespace). */
function trailingWhitespaceStart(text: string): number {
  let end = text.length;
  while (end > 0 && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
  return end;
}

function leadingWhitespaceEnd(text: string): number {
  let start = 0;
  while (start < text.length && isJsonWhitespace(text.charCodeAt(start))) start++;
  return start;
}
