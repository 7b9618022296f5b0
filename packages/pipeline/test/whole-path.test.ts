import type { Message } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import { byteChunkings, eventsOf, optionsFor, replayUpstream, scenarios, withoutIds } from "../src/testkit";

describe("whole path: upstream SSE bytes → Anthropic events, in every chunking (docs/architecture.md §2)", () => {
  for (const scenario of scenarios) {
    it(scenario.title, () => {
      const events = eventsOf(scenario);
      let reference: Message | undefined;
      let referenceError: unknown;
      for (const chunking of byteChunkings(events)) {
        const result = replayUpstream(optionsFor(scenario), chunking.chunks);
        expect(result.problems, chunking.name).toEqual([]);
        const error = result.events.find((event) => event.type === "error");
        if (chunking.name === "as recorded") {
          reference = result.message;
          referenceError = error;
        } else {
          expect(result.message, `${chunking.name}: final message differs`).toEqual(reference);
          expect(error, `${chunking.name}: error differs`).toEqual(referenceError);
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
