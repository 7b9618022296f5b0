import type { BlockEvent } from "@sluice/events";
import { describe, expect, it } from "vitest";
import { createBlockSequencer, SEQUENCER_WARNING_CODE } from "../src";
import { call, countingToolIds, delta, end, reasoning, sequence, start, text } from "./sequence";

describe("tool_use blocks (docs/architecture.md §1, I1, I2)", () => {
  it("tool-call-start closes the open block and opens a tool_use block with input {}", () => {
    const { events, problems } = sequence([
      text("Let me look."),
      start(0, "bash"),
      delta(0, '{"cmd":'),
      delta(0, '"ls"}'),
      end(0),
    ]);
    expect(problems).toEqual([]);
    expect(events.slice(2)).toEqual([
      { type: "block-stop", index: 0 },
      { type: "block-start", index: 1, kind: "tool-call", id: "toolu_1", name: "bash" },
      { type: "block-delta", index: 1, kind: "arguments", text: '{"cmd":' },
      { type: "block-delta", index: 1, kind: "arguments", text: '"ls"}' },
      { type: "block-stop", index: 1 },
    ]);
  });

  it("closes an open thinking block with its signature before the tool block", () => {
    const { events } = sequence([reasoning("plan"), ...call(0, "bash", "{}")], { signature: "s" });
    expect(events.slice(2, 4)).toEqual([
      { type: "block-delta", index: 0, kind: "signature", text: "s" },
      { type: "block-stop", index: 0 },
    ]);
  });

  it("skips empty argument fragments", () => {
    const { events } = sequence([start(0, "f"), delta(0, ""), delta(0, '{"a":1}'), delta(0, ""), end(0)]);
    expect(events.filter((event) => event.type === "block-delta")).toEqual([
      { type: "block-delta", index: 0, kind: "arguments", text: '{"a":1}' },
    ]);
  });

  it("leaves a cut call's block open and sends nothing after it (docs/architecture.md §3)", () => {
    const { events, sequencer } = sequence([
      text("Writing."),
      start(0, "Write"),
      delta(0, '{"content": "half a fi'),
      { type: "tool-call-end", callIndex: 0, cut: true },
      text("never shown"),
      ...call(1, "Read", "{}"),
    ]);
    expect(sequencer.cutCallName).toBe("Write");
    expect(events.slice(-2)).toEqual([
      { type: "block-start", index: 1, kind: "tool-call", id: "toolu_1", name: "Write" },
      { type: "block-delta", index: 1, kind: "arguments", text: '{"content": "half a fi' },
    ]);
  });

  it("leaves a cut call open when it was queued behind another call, once its turn comes", () => {
    const { events, sequencer } = sequence([
      start(0, "Read"),
      start(1, "Write"),
      delta(1, '{"a": "b'),
      { type: "tool-call-end", callIndex: 1, cut: true },
      delta(0, "{}"),
      end(0),
    ]);
    expect(sequencer.cutCallName).toBe("Write");
    expect(events.map((event) => event.type)).toEqual([
      "block-start",
      "block-delta",
      "block-stop",
      "block-start",
      "block-delta",
    ]);
  });

  it("sends {} for a call that ended without arguments (empty arguments mean {})", () => {
    const { blocks, problems } = sequence([start(0, "now"), delta(0, ""), end(0)]);
    expect(problems).toEqual([]);
    expect(blocks).toEqual([{ type: "tool_use", id: "toolu_1", name: "now", json: "{}" }]);
  });

  it("consecutive calls become consecutive blocks", () => {
    const { blocks } = sequence([...call(0, "a", '{"x":1}'), ...call(1, "b", '{"y":2}')]);
    expect(blocks).toEqual([
      { type: "tool_use", id: "toolu_1", name: "a", json: '{"x":1}' },
      { type: "tool_use", id: "toolu_2", name: "b", json: '{"y":2}' },
    ]);
  });

  it("queues text and reasoning that arrive while a call is open, and replays them after it", () => {
    // A chunk with the call's last fragment and text after it: the arguments come first.
    const { blocks, problems } = sequence([
      start(0, "bash"),
      delta(0, '{"cmd":'),
      text("Running it."),
      reasoning("hmm"),
      delta(0, '"ls"}'),
      text(" Done."),
      end(0),
    ]);
    expect(problems).toEqual([]);
    expect(blocks).toMatchObject([
      { type: "tool_use", name: "bash", json: '{"cmd":"ls"}' },
      { type: "text", text: "Running it." },
      { type: "thinking", thinking: "hmm" },
      // A new block starts at its first non-whitespace character (template separators).
      { type: "text", text: "Done." },
    ]);
  });

  it("queues the segments of another call while one is open, keeping the calls in model order", () => {
    const { blocks, problems } = sequence([
      start(0, "a"),
      start(1, "b"),
      delta(1, '{"b":'),
      delta(0, '{"a":1}'),
      delta(1, "2}"),
      end(1),
      end(0),
    ]);
    expect(problems).toEqual([]);
    expect(blocks).toMatchObject([
      { type: "tool_use", name: "a", json: '{"a":1}' },
      { type: "tool_use", name: "b", json: '{"b":2}' },
    ]);
  });

  it("closes a queued call whose end already arrived as soon as it is replayed, without waiting for end()", () => {
    const events: BlockEvent[] = [];
    const sequencer = createBlockSequencer({ createToolId: countingToolIds() }, (event) =>
      events.push(event),
    );
    for (const segment of [start(0, "a"), ...call(1, "b", "{}"), text("after"), delta(0, "{}"), end(0)])
      sequencer.push(segment);
    expect(events.map((event) => `${event.type}:${event.index}`)).toEqual([
      "block-start:0",
      "block-delta:0",
      "block-stop:0",
      "block-start:1",
      "block-delta:1",
      "block-stop:1",
      "block-start:2",
      "block-delta:2",
    ]);
  });

  it("replays a queued call's later arguments before the text queued behind it", () => {
    const { blocks } = sequence([
      start(0, "a"),
      start(1, "b"),
      delta(1, '{"b":'),
      text("x"),
      delta(0, "{}"),
      end(0),
      // b is open now; "x" waits behind it.
      delta(1, "2}"),
      text("y"),
      end(1),
      text("z"),
    ]);
    expect(blocks).toMatchObject([
      { type: "tool_use", name: "a", json: "{}" },
      { type: "tool_use", name: "b", json: '{"b":2}' },
      { type: "text", text: "xyz" },
    ]);
  });

  it("replays queued whitespace under the same rules", () => {
    const { blocks } = sequence([start(0, "a"), text("\n\n"), delta(0, "{}"), end(0), text("after")]);
    expect(blocks).toMatchObject([{ type: "tool_use" }, { type: "text", text: "after" }]);
    const dropped = sequence([start(0, "a"), text("\n\n"), start(1, "b"), end(0), end(1), text("after")]);
    expect(dropped.blocks).toMatchObject([
      { type: "tool_use" },
      { type: "tool_use" },
      { type: "text", text: "after" },
    ]);
  });

  it("end() closes a call that never ended and flushes the queue behind it", () => {
    const { blocks, problems } = sequence([
      start(0, "a"),
      delta(0, '{"a":1}'),
      text("after a"),
      start(1, "b"),
      delta(1, '{"b":2}'),
      text("after b"),
    ]);
    expect(problems).toEqual([]);
    expect(blocks).toMatchObject([
      { type: "tool_use", name: "a", json: '{"a":1}' },
      { type: "text", text: "after a" },
      { type: "tool_use", name: "b", json: '{"b":2}' },
      { type: "text", text: "after b" },
    ]);
  });

  it("records a warning, and emits nothing, for tool segments that contradict the stream", () => {
    const { events, sequencer } = sequence([
      delta(7, '{"x":1}'),
      end(7),
      ...call(0, "a", "{}"),
      start(0, "again"),
      delta(0, "late"),
      end(0),
    ]);
    expect(events.filter((event) => event.type === "block-start")).toHaveLength(1);
    expect(sequencer.warnings.map((warning) => [warning.code, warning.raw])).toEqual([
      [SEQUENCER_WARNING_CODE.invalidToolSegment, '{"x":1}'],
      [SEQUENCER_WARNING_CODE.invalidToolSegment, ""],
      [SEQUENCER_WARNING_CODE.invalidToolSegment, "again"],
      [SEQUENCER_WARNING_CODE.invalidToolSegment, "late"],
      [SEQUENCER_WARNING_CODE.invalidToolSegment, ""],
    ]);
  });
});

describe("disableParallelToolUse", () => {
  it("emits only the first call and drops the segments of later ones with a warning", () => {
    const { blocks, sequencer, problems } = sequence(
      [
        text("two calls:"),
        ...call(0, "a", '{"a":1}'),
        text(" and"),
        ...call(1, "b", '{"b":2}'),
        text(" done"),
      ],
      { disableParallelToolUse: true },
    );
    expect(problems).toEqual([]);
    expect(blocks).toMatchObject([
      { type: "text", text: "two calls:" },
      { type: "tool_use", name: "a", json: '{"a":1}' },
      { type: "text", text: "and done" },
    ]);
    expect(sequencer.toolUseCount).toBe(1);
    expect(sequencer.warnings).toEqual([
      {
        type: "warning",
        code: "tool_call.parallel_dropped",
        message: 'tool call "b" dropped: disable_parallel_tool_use allows only the first call',
        raw: "b",
      },
    ]);
  });

  it("drops a later call that starts while the first is still open", () => {
    const { blocks, sequencer } = sequence(
      [start(0, "a"), start(1, "b"), delta(1, '{"b":2}'), text("x"), delta(0, "{}"), end(1), end(0)],
      { disableParallelToolUse: true },
    );
    expect(blocks).toMatchObject([
      { type: "tool_use", name: "a", json: "{}" },
      { type: "text", text: "x" },
    ]);
    expect(sequencer.warnings.map((warning) => warning.code)).toEqual(["tool_call.parallel_dropped"]);
  });

  it("lets every call through when off", () => {
    expect(sequence([...call(0, "a", "{}"), ...call(1, "b", "{}")]).sequencer.toolUseCount).toBe(2);
  });
});
