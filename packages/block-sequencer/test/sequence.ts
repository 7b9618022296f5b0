import type { Segment } from "@sluice/core";
import type { BlockEvent } from "@sluice/events";
import { type BlockSequencer, type BlockSequencerOptions, createBlockSequencer } from "../src";
import type { ExpectedBlock } from "./expected-blocks";
import { type FoldedBlock, foldBlockEvents } from "./fold-block-events";

export interface SequenceResult {
  readonly events: BlockEvent[];
  readonly blocks: FoldedBlock[];
  readonly problems: string[];
  readonly sequencer: BlockSequencer;
  /** How many events were emitted before end() was called. */
  readonly eventsBeforeEnd: number;
}

/** Tool ids toolu_1, toolu_2 … so that expected events can be written out. */
export function countingToolIds(): () => string {
  let next = 1;
  return () => `toolu_${next++}`;
}

/** Pushes `segments` into a fresh sequencer, ends it, and folds what it emitted. */
export function sequence(segments: readonly Segment[], options: BlockSequencerOptions = {}): SequenceResult {
  const events: BlockEvent[] = [];
  const sequencer = createBlockSequencer({ createToolId: countingToolIds(), ...options }, (event) =>
    events.push(event),
  );
  for (const segment of segments) sequencer.push(segment);
  const eventsBeforeEnd = events.length;
  sequencer.end();
  return { events, ...foldBlockEvents(events), sequencer, eventsBeforeEnd };
}

/** Folded blocks without what the reference model does not predict (ids, signatures). */
export function withoutIds(blocks: readonly FoldedBlock[]): ExpectedBlock[] {
  return blocks.map((block): ExpectedBlock => {
    if (block.type === "thinking") return { type: "thinking", thinking: block.thinking };
    if (block.type === "text") return block;
    return { type: "tool_use", name: block.name, json: block.json };
  });
}

export const reasoning = (text: string): Segment => ({ type: "reasoning", text });
export const text = (text: string): Segment => ({ type: "text", text });
export const start = (callIndex: number, name: string, upstreamId?: string): Segment =>
  upstreamId === undefined
    ? { type: "tool-call-start", callIndex, name }
    : { type: "tool-call-start", callIndex, name, upstreamId };
export const delta = (callIndex: number, argumentsJson: string): Segment => ({
  type: "tool-call-delta",
  callIndex,
  argumentsJson,
});
export const end = (callIndex: number): Segment => ({ type: "tool-call-end", callIndex });
/** A whole call: start, its arguments in one delta, end. */
export const call = (
  callIndex: number,
  name: string,
  argumentsJson: string,
  upstreamId?: string,
): Segment[] => [start(callIndex, name, upstreamId), delta(callIndex, argumentsJson), end(callIndex)];
