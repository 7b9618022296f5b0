import type { BlockEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { createBlockSequencer } from "../src";
import { mintToolId } from "../src/mint-tool-id";
import { sanitizeToolId } from "../src/tool-id-registry";
import { call, sequence } from "./sequence";

const ids = (upstreamIds: (string | undefined)[], createToolId?: () => string) =>
  sequence(
    upstreamIds.flatMap((upstreamId, callIndex) => call(callIndex, "f", "{}", upstreamId)),
    createToolId ? { createToolId } : {},
  ).blocks.map((block) => (block.type === "tool_use" ? block.id : ""));

describe("tool ids (docs/architecture.md I2)", () => {
  it("keeps a valid upstream id", () => {
    expect(ids(["call_abc-123", "toolu_01A"])).toEqual(["call_abc-123", "toolu_01A"]);
  });

  it("replaces characters outside [a-zA-Z0-9_-] with _", () => {
    // Kimi: functions.Bash:0
    expect(ids(["functions.Bash:0", "id with spaces/é"])).toEqual(["functions_Bash_0", "id_with_spaces__"]);
    expect(sanitizeToolId("a.b:c")).toBe("a_b_c");
  });

  it("mints an id for a call without one, or with an empty one", () => {
    expect(ids([undefined, ""])).toEqual(["toolu_1", "toolu_2"]);
  });

  it("mints a fresh id for a duplicate, including one that only sanitising made equal", () => {
    // vLLM qwen3_xml repeats one id on every fragment; calls after the first must not share it.
    expect(ids(["call_1", "call_1", "call.1"])).toEqual(["call_1", "toolu_1", "toolu_2"]);
  });

  it("treats __proto__ and constructor as ordinary ids", () => {
    expect(ids(["__proto__", "constructor", "__proto__", "hasOwnProperty"])).toEqual([
      "__proto__",
      "constructor",
      "toolu_1",
      "hasOwnProperty",
    ]);
  });

  it("keeps ids unique when the minter repeats itself or an upstream took a minted id", () => {
    expect(ids([undefined, undefined, undefined], () => "toolu_same")).toEqual([
      "toolu_same",
      "toolu_same_1",
      "toolu_same_2",
    ]);
    expect(ids(["toolu_1", undefined])).toEqual(["toolu_1", "toolu_1_1"]);
    expect(ids(["a_1", undefined, undefined, undefined], () => "a")).toEqual(["a_1", "a", "a_2", "a_3"]);
  });

  it("sanitises a minted id too", () => {
    expect(ids([undefined], () => "bad id!")).toEqual(["bad_id_"]);
    expect(ids([undefined, undefined], () => "")).toEqual(["toolu_", "toolu__1"]);
  });

  it("mints toolu_ and 24 random base62 characters by default", () => {
    const minted = new Set<string>();
    for (let count = 0; count < 2000; count++) {
      const id = mintToolId();
      expect(id).toMatch(/^toolu_[0-9A-Za-z]{24}$/);
      minted.add(id);
    }
    expect(minted.size).toBe(2000);
    const events: BlockEvent[] = [];
    const sequencer = createBlockSequencer({}, (event) => events.push(event));
    for (const segment of call(0, "f", "{}")) sequencer.push(segment);
    expect(events[0]).toMatchObject({ id: expect.stringMatching(/^toolu_[0-9A-Za-z]{24}$/) });
  });
});
