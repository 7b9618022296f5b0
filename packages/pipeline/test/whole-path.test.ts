import type { Message } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import {
  byteChunkings,
  eventsOf,
  fragmentChunkings,
  optionsFor,
  replayUpstream,
  withoutIds,
} from "../src/testkit";
import { scenarios } from "./recorded-scenarios";

describe("whole path: upstream SSE bytes → stream events, in every chunking (docs/architecture.md §2)", () => {
  for (const scenario of scenarios) {
    it(scenario.title, () => {
      let reference: Message | undefined;
      let referenceError: unknown;
      let first = true;
      // Structured calls' arguments cut every way (as recorded, a character a fragment, random), each read
      // every way (as recorded, a byte a read, random).
      for (const fragments of fragmentChunkings(eventsOf(scenario))) {
        for (const chunking of byteChunkings(fragments.events)) {
          const name = `${fragments.name}, ${chunking.name}`;
          const result = replayUpstream(optionsFor(scenario), chunking.chunks);
          expect(result.problems, name).toEqual([]);
          const error = result.events.find((event) => event.type === "error");
          if (first) {
            reference = result.message;
            referenceError = error;
            first = false;
          } else {
            expect(result.message, `${name}: final message differs`).toEqual(reference);
            expect(error, `${name}: error differs`).toEqual(referenceError);
          }
        }
      }
      if (scenario.error) {
        expect(referenceError).toMatchObject({ type: "error", error: { type: scenario.error } });
        expect(reference).toBeUndefined();
        return;
      }
      expect(referenceError).toBeUndefined();
      const message = reference as Message;
      if (scenario.stopReason) expect(message.stop_reason).toBe(scenario.stopReason);
      if (scenario.stopSequence !== undefined) expect(message.stop_sequence).toBe(scenario.stopSequence);
      if (scenario.blocks) expect(message.content.map(withoutIds)).toEqual(scenario.blocks);
      if (scenario.outputTokens !== undefined)
        expect(message.usage.output_tokens).toBe(scenario.outputTokens);
    });
  }
});
