import { describe, expect, it } from "vitest";
import type { StreamEvent } from "../src";
import { buildStreamEvents, checkStreamEvents } from "../src/testkit";

const start: StreamEvent = { type: "message-start", id: "msg_1", model: "m", inputTokens: 0 };
const end: StreamEvent = {
  type: "message-end",
  stopReason: "end_turn",
  stopSequence: null,
  usage: { outputTokens: 1 },
};
const text = (index: number, value: string): StreamEvent[] => [
  { type: "block-start", index, kind: "text" },
  { type: "block-delta", index, kind: "text", text: value },
  { type: "block-stop", index },
];
const call = (index: number, id: string, json: string, stop = true): StreamEvent[] => [
  { type: "block-start", index, kind: "tool-call", id, name: "f" },
  { type: "block-delta", index, kind: "arguments", text: json },
  ...(stop ? [{ type: "block-stop", index } as const] : []),
];

describe("checkStreamEvents (docs/architecture.md §2)", () => {
  it("passes a well-formed stream, and one that ends in an error", () => {
    expect(
      checkStreamEvents(
        buildStreamEvents({
          blocks: [
            { type: "thinking", chunks: ["plan"], signature: "sig" },
            { type: "text", chunks: ["Hi ", "there."] },
            { type: "tool-call", id: "toolu_1", name: "f", jsonChunks: ['{"a":', "1}"] },
          ],
          stopReason: "tool_use",
        }),
      ),
    ).toEqual([]);
    expect(
      checkStreamEvents([
        start,
        ...text(0, "a"),
        { type: "error", error: { type: "api_error", message: "x" } },
      ]),
    ).toEqual([]);
  });

  it("finds I1 problems: order, indexes, one open block, the end", () => {
    expect(checkStreamEvents([...text(0, "a"), end])).toEqual([
      "event 0 (block-start): message-start must come first",
    ]);
    expect(checkStreamEvents([start, ...text(1, "a"), end])).toEqual([
      "event 1 (block-start): index 1, expected 0",
    ]);
    expect(checkStreamEvents([start, ...text(0, "a").slice(0, 2), ...text(1, "b"), end])).toContain(
      "event 3 (block-start): block 1 starts while block 0 is open",
    );
    expect(checkStreamEvents([start, ...text(0, "a")])).toEqual([
      "the stream ends without message-end or error",
    ]);
    expect(checkStreamEvents([start, end, end])).toEqual(["event 2 (message-end) after the stream ended"]);
    expect(checkStreamEvents([start, ...text(0, "a").slice(0, 2), end])).toEqual([
      "event 3 (message-end): message-end while block 0 is open",
    ]);
  });

  it("finds deltas that do not fit the block, empty ones, and a thinking block's signature out of place", () => {
    expect(
      checkStreamEvents([
        start,
        { type: "block-start", index: 0, kind: "text" },
        { type: "block-delta", index: 0, kind: "arguments", text: "{}" },
        { type: "block-stop", index: 0 },
        end,
      ]),
    ).toContain("event 2 (block-delta): a arguments delta in a text block");
    expect(checkStreamEvents([start, ...text(0, ""), end])).toContain(
      "event 2 (block-delta): an empty text delta",
    );
    const thinking: StreamEvent[] = [
      start,
      { type: "block-start", index: 0, kind: "thinking" },
      { type: "block-delta", index: 0, kind: "signature", text: "sig" },
      { type: "block-delta", index: 0, kind: "thinking", text: "late" },
      { type: "block-stop", index: 0 },
      end,
    ];
    expect(checkStreamEvents(thinking)).toEqual([
      "event 3 (block-delta): a thinking delta after the signature",
    ]);
    expect(
      checkStreamEvents(
        thinking.filter((event) => !(event.type === "block-delta" && event.kind === "signature")),
      ),
    ).toEqual(["event 3 (block-stop): thinking block with 0 signatures"]);
  });

  it("finds template separators around a text block (docs/dialects.md §1)", () => {
    expect(checkStreamEvents([start, ...text(0, " a"), end])).toEqual([
      "event 3 (block-stop): text block starts or ends with whitespace (a template separator)",
    ]);
  });

  it("finds I2 problems: arguments that are not one object, invalid and repeated ids", () => {
    expect(checkStreamEvents([start, ...call(0, "toolu_1", "[1]"), end])).toEqual([
      "event 3 (block-stop): tool arguments are not a JSON object: [1]",
    ]);
    expect(checkStreamEvents([start, ...call(0, "toolu_1", '{"a"'), end])[0]).toMatch(
      /tool arguments are not JSON/,
    );
    expect(checkStreamEvents([start, ...call(0, "a.b", "{}"), end])).toEqual([
      'event 1 (block-start): tool id "a.b" is not valid',
    ]);
    expect(checkStreamEvents([start, ...call(0, "t", "{}"), ...call(1, "t", "{}"), end])).toEqual([
      "event 4 (block-start): tool id t is not unique",
    ]);
  });

  it("takes a tool call the token limit cut, left open, and nothing else open at the end", () => {
    const maxTokens: StreamEvent = {
      type: "message-end",
      stopReason: "max_tokens",
      stopSequence: null,
      usage: { outputTokens: 1 },
    };
    expect(checkStreamEvents([start, ...call(0, "t", '{"a": "ha', false), maxTokens])).toEqual([]);
    expect(checkStreamEvents([start, ...call(0, "t", '{"a": "ha', false), end])).toEqual([
      "event 3 (message-end): message-end while block 0 is open",
    ]);
  });

  it("checks a block sequencer's events alone with blocksOnly", () => {
    expect(checkStreamEvents([...text(0, "a"), ...call(1, "t", "{", false)], { blocksOnly: true })).toEqual(
      [],
    );
    expect(checkStreamEvents(text(0, "a").slice(0, 2), { blocksOnly: true })).toEqual([
      "block 0 never stopped",
    ]);
    expect(checkStreamEvents([...text(0, "a"), end], { blocksOnly: true })).toEqual([
      "event 3 (message-end): a block sequencer does not end the message",
    ]);
  });
});
