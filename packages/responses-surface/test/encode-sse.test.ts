import { eventsOf, optionsFor, replayUpstream } from "@sluice/pipeline/testkit";
import { describe, expect, it } from "vitest";
import { createResponsesEncoder, decodeResponsesRequest, formatResponsesSse } from "../src";
import { scenarios } from "./recorded-scenarios";

function requestOf(body: Record<string, unknown>) {
  const decoded = decodeResponsesRequest({ model: "m", input: "hi", ...body });
  if (!decoded.ok) throw new Error(decoded.message);
  return decoded.request;
}

const variants = [
  { label: "plain", body: {} },
  {
    label: "with a summary and encrypted reasoning (as Codex asks)",
    body: { reasoning: { summary: "auto" }, include: ["reasoning.encrypted_content"] },
  },
];

describe("ResponsesEncoder.encodeSse writes exactly formatResponsesSse's bytes, faster", () => {
  for (const variant of variants) {
    it(`over every recorded scenario, ${variant.label}`, () => {
      for (const scenario of scenarios) {
        const { events } = replayUpstream(optionsFor(scenario), eventsOf(scenario));
        const options = { id: 'resp_"q"', model: "m ü", createdAt: 5, request: requestOf(variant.body) };
        const slow = createResponsesEncoder(options);
        const expected = events
          .flatMap((event) => slow.encode(event))
          .map(formatResponsesSse)
          .join("");
        const fast = createResponsesEncoder(options);
        // Fed in uneven batches, as upstream reads arrive.
        let text = "";
        for (let at = 0; at < events.length; at += 3) text += fast.encodeSse(events.slice(at, at + 3));
        expect(text, scenario.title).toBe(expected);
      }
    });
  }
});
