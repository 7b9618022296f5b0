import {
  createParserContext,
  createSegmenter,
  type ReasoningDialect,
  type Segment,
  ThinkTagParser,
} from "@sluice/core";
import { echoToolDialect, loadPeerCases, runConformance } from "@sluice/core/testkit";
import type { BlockEvent } from "@sluice/events";
import { expect } from "vitest";
import { createBlockSequencer } from "../src";
import { expectedBlocks } from "./expected-blocks";
import { foldBlockEvents } from "./fold-block-events";
import { countingToolIds, withoutIds } from "./sequence";

interface ReasoningCase {
  id: string;
  chunks: string[];
  starts_in_reasoning: boolean;
}

// Interleaved thinking (`<think>` re-enters reasoning anywhere) gives the sequencer the most kind changes.
const interleavedThinking: ReasoningDialect = {
  kind: "reasoning",
  id: "interleaved",
  aliases: [],
  description: "test: `<think>` re-enters reasoning anywhere",
  markers: ["<think>", "</think>"],
  alwaysThinks: false,
  toolCallEndsReasoning: true,
  createParser: (context, sink) =>
    new ThinkTagParser(
      {
        startsInReasoning: (value) => value.thinking,
        thinkInContent: "reenter",
      },
      context,
      sink,
    ),
};

/**
 * The peers' recorded reasoning streams, segmented in every chunking (as recorded, one character per
 * chunk, random splits), then sequenced: the blocks must obey the grammar and equal the reference model
 * of the same segments. The peers' expected reasoning/content are the dialect packages' concern.
 */
runConformance<ReasoningCase>({
  suite: "block sequencer over the reasoning peer cases",
  cases: loadPeerCases<ReasoningCase>("reasoning-peer-cases.json"),
  skip: {},
  createParser: (testCase, sink) => {
    const segments: Segment[] = [];
    const events: BlockEvent[] = [];
    const sequencer = createBlockSequencer({ createToolId: countingToolIds() }, (event) =>
      events.push(event),
    );
    const segmenter = createSegmenter({
      reasoning: interleavedThinking,
      tool: echoToolDialect(),
      context: createParserContext({ thinking: testCase.starts_in_reasoning }),
      sink: (segment) => {
        segments.push(segment);
        sequencer.push(segment);
        sink(segment);
      },
    });
    return {
      push: (text) => segmenter.push(text),
      end: () => {
        segmenter.end();
        sequencer.end();
        const folded = foldBlockEvents(events);
        expect(folded.problems, testCase.id).toEqual([]);
        expect(withoutIds(folded.blocks), testCase.id).toEqual(expectedBlocks(segments));
      },
    };
  },
  check: () => {},
});
