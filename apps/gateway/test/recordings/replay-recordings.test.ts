import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readRecording } from "@sluice/pipeline/testkit";
import { encodeSseEvents, type MessageStreamEvent } from "@sluice/protocol-anthropic";
import { describe, expect, it } from "vitest";
import { readExchangeFile } from "../../src/record/read-exchange-file";
import { replayExchange } from "../../src/record/replay-exchange";

/**
 * Every recording in this folder, replayed through today's pipeline, gives the recorded events byte for
 * byte (as Anthropic SSE, ids reused as `sluice replay` reuses them). A user's bug report becomes a
 * regression test by copying its file here (after checking it holds nothing private).
 */
const folder = import.meta.dirname;
const recordings = readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .sort();

describe("recorded exchanges", () => {
  it("the folder holds the recordings the project ships", () => {
    expect(recordings.length).toBeGreaterThanOrEqual(3);
  });

  for (const name of recordings) {
    it(`${name} replays byte-identical`, () => {
      const file = readExchangeFile(join(folder, name));
      if (!file.ok) throw new Error(`${name}: ${file.message}`);
      const replay = replayExchange(file.exchange);
      if (replay.kind !== "replayed") throw new Error(`${name}: ${replay.kind}`);
      const recorded = file.exchange.events as unknown as MessageStreamEvent[];
      // A truncated recording holds the events of the reads it kept; how the replay ends is not recorded.
      const replayed = file.exchange.truncated ? replay.events.slice(0, recorded.length) : replay.events;
      expect(encodeSseEvents(replayed)).toBe(encodeSseEvents(recorded));
      expect(replay.difference).toBeUndefined();
    });
  }

  it("the pipeline test kit reads a recording's upstream payloads like the chunks file it was made from", () => {
    const chunks = join(folder, "..", "fixtures", "raw-qwen35-thinking-text-tool-call.chunks.jsonl");
    expect(readRecording(join(folder, "raw-qwen35-reasoning-and-qwen-xml-call.json"))).toEqual(
      readRecording(chunks),
    );
  });
});
