import { toAnthropicEvents } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import {
  checkMessageStream,
  eventsOf,
  fromAnthropicEvents,
  optionsFor,
  replayUpstream,
} from "../src/testkit";
import { scenarios } from "./recorded-scenarios";

describe("fromAnthropicEvents: the wire read back (what checkMessageStream hands the one checker)", () => {
  it("gives back every scenario's events from their Anthropic encoding", () => {
    for (const scenario of scenarios) {
      const { events } = replayUpstream(optionsFor(scenario), eventsOf(scenario));
      expect(fromAnthropicEvents(toAnthropicEvents(events)), scenario.title).toEqual(events);
    }
  });

  it("leaves what only the wire can break to checkMessageStream", () => {
    const wire = toAnthropicEvents(replayUpstream(optionsFor(scenarios[0]!), eventsOf(scenarios[0]!)).events);
    expect(checkMessageStream(wire)).toEqual([]);
    const withoutStop = wire.slice(0, -1);
    expect(checkMessageStream(withoutStop)).toEqual(["the stream ends without message-end or error"]);
    const stopFirst = [...wire.slice(0, -2), wire.at(-1)!, wire.at(-2)!];
    expect(checkMessageStream(stopFirst)).toContain(
      `event ${wire.length - 2} (message_stop): message_stop without message_delta`,
    );
  });
});
