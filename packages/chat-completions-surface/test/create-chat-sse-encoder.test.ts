import { eventsOf, optionsFor, replayUpstream } from "@sluice/pipeline/testkit";
import { describe, expect, it } from "vitest";
import { createChatChunkEncoder, createChatSseEncoder, formatChatSse } from "../src";
import { messageEvents } from "./events";
import { scenarios } from "./recorded-scenarios";

const identity = { id: 'chatcmpl-"quoted"', model: "qwen3 ü", created: 1_700_000_000 };

/** The reference: every chunk object serialised whole. */
function slowSse(
  events: Parameters<ReturnType<typeof createChatSseEncoder>["encode"]>[0],
  includeUsage: boolean,
) {
  const encoder = createChatChunkEncoder({ ...identity, includeUsage, requestId: "req_1" });
  return events
    .flatMap((event) => encoder.encode(event))
    .map(formatChatSse)
    .join("");
}

describe("createChatSseEncoder writes exactly the bytes of formatChatSse(chunk), faster", () => {
  for (const includeUsage of [false, true]) {
    it(`over every recorded scenario (include_usage ${includeUsage})`, () => {
      for (const scenario of scenarios) {
        const { events } = replayUpstream(optionsFor(scenario), eventsOf(scenario));
        const fast = createChatSseEncoder({ ...identity, includeUsage, requestId: "req_1" });
        // Fed in uneven batches, as upstream reads arrive.
        let text = "";
        for (let at = 0; at < events.length; at += 3) text += fast.encode(events.slice(at, at + 3));
        expect(text, scenario.title).toBe(slowSse(events, includeUsage));
      }
    });
  }

  it("keeps call ordinals, escapes every string, and skips empty deltas", () => {
    const events = messageEvents(
      [
        { type: "thinking", thinking: ['a "quote"\n', ""] },
        { type: "text", text: ["\u2028 </script>", ""] },
        { type: "tool_use", id: "call_1", name: "Read", json: ['{"p":', '"\\u0000"}'] },
        { type: "tool_use", id: "call_2", name: "List", json: ["", "{}"] },
      ],
      "tool_use",
      { input: 3, output: 4 },
    );
    const fast = createChatSseEncoder({ ...identity, includeUsage: true }).encode(events);
    expect(fast).toBe(slowSse(events, true).replaceAll(" (request ID: req_1)", ""));
    expect(fast).toContain('"tool_calls":[{"index":1,"function":{"arguments":"{}"}}]');
  });
});
