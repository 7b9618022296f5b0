/**
 * The canonical events every parser emits (docs/architecture.md §1). A parser states facts it knows;
 * it never opens or closes blocks or mints ids: that is the sequencer's job.
 */
export type Segment =
  | ReasoningSegment
  | TextSegment
  | ToolCallStartSegment
  | ToolCallDeltaSegment
  | ToolCallEndSegment
  | WarningSegment
  | MarkupSegment;

/** Reasoning text (a thinking block's content). */
export interface ReasoningSegment {
  readonly type: "reasoning";
  readonly text: string;
}

/** Answer text. */
export interface TextSegment {
  readonly type: "text";
  readonly text: string;
}

/** A new tool call. `callIndex` is unique in the stream (see `ParserContext.allocateCallIndex`). */
export interface ToolCallStartSegment {
  readonly type: "tool-call-start";
  readonly callIndex: number;
  readonly name: string;
  readonly upstreamId?: string;
}

/** A fragment of the call's arguments as JSON text; the fragments concatenate to one JSON object. */
export interface ToolCallDeltaSegment {
  readonly type: "tool-call-delta";
  readonly callIndex: number;
  readonly argumentsJson: string;
}

/**
 * The call's arguments are complete. `cut`: they are not, and never will be (cut off by the end of the stream,
 * or unusable after they started streaming): the call's block is left open and the turn ends there, as
 * `max_tokens` when the upstream stopped for length, else as an error (docs/architecture.md §3), so no client
 * takes half a call for a finished one.
 */
export interface ToolCallEndSegment {
  readonly type: "tool-call-end";
  readonly callIndex: number;
  readonly cut?: true;
}

/** Something was repaired, dropped or kept verbatim; `raw` preserves the text concerned. */
export interface WarningSegment {
  readonly type: "warning";
  readonly code: string;
  readonly message: string;
  readonly raw: string;
}

/**
 * Source text consumed as syntax: tags, the raw source of a tool call, dropped whitespace.
 * Nothing downstream shows it; it exists so that conservation is checkable:
 * reasoning + text + markup, in order, equals the input exactly (docs/architecture.md I4).
 */
export interface MarkupSegment {
  readonly type: "markup";
  readonly text: string;
}

/** Where a parser sends its segments, synchronously and in order. */
export type SegmentSink = (segment: Segment) => void;
