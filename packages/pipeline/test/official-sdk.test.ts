import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { eventsOf, fetchCutRandomly, optionsFor, replayUpstream } from "../src/testkit";
import { scenarios } from "./recorded-scenarios";

/** An SDK client whose HTTP layer answers with `sse`, cut into small random pieces. */
function clientServing(sse: string, seed: number): Anthropic {
  return new Anthropic({
    apiKey: "test",
    baseURL: "http://sluice.test",
    maxRetries: 0,
    fetch: fetchCutRandomly(sse, seed),
  });
}

describe("the official @anthropic-ai/sdk MessageStream reads the encoder's bytes (docs/architecture.md I6)", () => {
  scenarios.forEach((scenario, position) => {
    it(scenario.title, async () => {
      const result = replayUpstream(optionsFor(scenario), eventsOf(scenario));
      const stream = clientServing(result.sse, position + 1).messages.stream({
        model: "claude-sonnet-4-5",
        max_tokens: 1024,
        messages: [{ role: "user", content: "hi" }],
      });
      if (scenario.error) {
        await expect(stream.finalMessage()).rejects.toThrow();
        return;
      }
      const final = await stream.finalMessage();
      // The SDK adds its own `parsed_output: null` (structured outputs); everything else must be identical.
      const { parsed_output: _parsedOutput, ...message } = final as typeof final & {
        parsed_output?: unknown;
      };
      if (scenario.cutToolCall) {
        // The SDK keeps the call the token limit cut, unfinished, as it would from Anthropic's API; the turn
        // says max_tokens, and the folded message (what a stream: false client gets) leaves it out.
        const cut = message.content.at(-1);
        expect(cut?.type).toBe("tool_use");
        expect(message.stop_reason).toBe("max_tokens");
        expect({ ...message, content: message.content.slice(0, -1), stop_details: undefined }).toEqual({
          ...result.message,
          stop_details: undefined,
        });
        return;
      }
      expect(message).toEqual(result.message);
    });
  });
});
