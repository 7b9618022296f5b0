import { describe, expect, it } from "vitest";
import { blocksFromEvents } from "../src/exchange/blocks-from-events";

describe("blocksFromEvents", () => {
  it("rebuilds each block with the reads its events came of, the stop reason and errors", () => {
    const events = [
      { type: "message_start" },
      { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "hm" } },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_1", name: "Bash" },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"command":' },
      },
      { type: "content_block_delta", index: 1, delta: { type: "input_json_delta", partial_json: '"ls"}' } },
      { type: "content_block_stop", index: 1 },
      { type: "message_delta", delta: { stop_reason: "tool_use" }, usage: { output_tokens: 9 } },
      { type: "error", error: { type: "api_error", message: "late" } },
      { type: "message_stop" },
    ];
    const message = blocksFromEvents(events, [-1, 0, 0, 2, 2, 3, 5, 5, 5, 6, 6]);
    expect(
      message.blocks.map((block) => [block.index, block.type, block.name, block.text, [...block.reads]]),
    ).toEqual([
      // Reads 1 and 2 (the thinking's stop came after read 2) opened the call: its markup is the call's.
      // The call's second delta came of reads 4 and 5.
      [0, "thinking", undefined, "hm", [0]],
      [1, "tool_use", "Bash", '{"command":"ls"}', [1, 2, 3, 4, 5]],
    ]);
    expect(message.stopReason).toBe("tool_use");
    expect(message.usage).toEqual({ output_tokens: 9 });
    expect(message.errors).toEqual([{ type: "api_error", message: "late", read: 6 }]);
  });

  it("ignores a delta for a block that never started", () => {
    const message = blocksFromEvents(
      [{ type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "x" } }],
      [0],
    );
    expect(message.blocks).toEqual([]);
  });
});
