import { describe, expect, it } from "vitest";
import { createBlockSequencer, DEFAULT_THINKING_SIGNATURE, SEQUENCER_WARNING_CODE } from "../src";
import { call, reasoning, sequence, text } from "./sequence";

describe("text and thinking blocks (docs/architecture.md §1, I1)", () => {
  it("reasoning → a thinking block: empty start, thinking_deltas, one signature_delta, stop", () => {
    const { events, problems } = sequence([reasoning("plan"), reasoning(" more")], { signature: "sig-1" });
    expect(problems).toEqual([]);
    expect(events).toEqual([
      { type: "block-start", index: 0, kind: "thinking" },
      { type: "block-delta", index: 0, kind: "thinking", text: "plan" },
      { type: "block-delta", index: 0, kind: "thinking", text: " more" },
      { type: "block-delta", index: 0, kind: "signature", text: "sig-1" },
      { type: "block-stop", index: 0 },
    ]);
  });

  it("signs thinking blocks with the gateway's own value by default", () => {
    const { blocks } = sequence([reasoning("plan")]);
    expect(blocks).toEqual([{ type: "thinking", thinking: "plan", signature: DEFAULT_THINKING_SIGNATURE }]);
  });

  it("text → a text block: empty start, text_deltas, stop", () => {
    const { events } = sequence([text("Hello"), text(", world")]);
    expect(events).toEqual([
      { type: "block-start", index: 0, kind: "text" },
      { type: "block-delta", index: 0, kind: "text", text: "Hello" },
      { type: "block-delta", index: 0, kind: "text", text: ", world" },
      { type: "block-stop", index: 0 },
    ]);
  });

  it("a kind change closes the open block before the next opens; indexes 0, 1, 2 … in order", () => {
    const { events, blocks, problems } = sequence([reasoning("a"), text("b"), reasoning("c"), text("d")], {
      signature: "s",
    });
    expect(problems).toEqual([]);
    expect(events.map((event) => `${event.type}:${event.index}`)).toEqual([
      "block-start:0",
      "block-delta:0",
      "block-delta:0",
      "block-stop:0",
      "block-start:1",
      "block-delta:1",
      "block-stop:1",
      "block-start:2",
      "block-delta:2",
      "block-delta:2",
      "block-stop:2",
      "block-start:3",
      "block-delta:3",
      "block-stop:3",
    ]);
    expect(blocks).toEqual([
      { type: "thinking", thinking: "a", signature: "s" },
      { type: "text", text: "b" },
      { type: "thinking", thinking: "c", signature: "s" },
      { type: "text", text: "d" },
    ]);
  });

  it("never opens a block for empty text and never sends an empty delta", () => {
    expect(sequence([text(""), reasoning("")]).events).toEqual([]);
    const { events } = sequence([text("a"), text(""), text("b")]);
    expect(events.filter((event) => event.type === "block-delta")).toHaveLength(2);
  });

  it("opens no block for whitespace, and starts a block at its first non-whitespace (template separators)", () => {
    const { events } = sequence([text("\n\n"), text("  "), text(" answer")]);
    expect(events).toEqual([
      { type: "block-start", index: 0, kind: "text" },
      { type: "block-delta", index: 0, kind: "text", text: "answer" },
      { type: "block-stop", index: 0 },
    ]);
    expect(sequence([reasoning(" \t"), reasoning("\nplan")]).blocks).toMatchObject([{ thinking: "plan" }]);
  });

  it("ends no block with whitespace: before a call, another block or the end", () => {
    // `</think>\n\n` and `\n<tool_call>` are the template's, not the model's.
    expect(
      sequence([reasoning("plan\n\n"), text("\n\nanswer \n"), ...call(0, "bash", "{}"), text("\ndone\n")])
        .blocks,
    ).toMatchObject([
      { type: "thinking", thinking: "plan" },
      { type: "text", text: "answer" },
      { type: "tool_use", name: "bash" },
      { type: "text", text: "done" },
    ]);
  });

  it("holds trailing whitespace until the block goes on, then passes it on exactly", () => {
    const { events } = sequence([text("a \n"), text("\n"), text(" b"), text("  ")]);
    expect(
      events.filter((event) => event.type === "block-delta").map(({ kind, text }) => ({ kind, text })),
    ).toEqual([
      { kind: "text", text: "a" },
      { kind: "text", text: " \n\n b" },
    ]);
  });

  it("drops whitespace of another kind without closing the open block", () => {
    const { blocks } = sequence([text("a"), reasoning("  "), text(" b"), reasoning("c")]);
    expect(blocks).toMatchObject([
      { type: "text", text: "a b" },
      { type: "thinking", thinking: "c" },
    ]);
    // deepseek_v41 interleaving "</think>\n\n<think>": one thinking block, not two.
    expect(sequence([reasoning("one"), text("\n\n"), reasoning(" two")]).blocks).toMatchObject([
      { type: "thinking", thinking: "one two" },
    ]);
  });

  it("keeps whitespace inside a block exactly, and a no-break space as text", () => {
    expect(sequence([text("a\n\n  b\tc")]).blocks).toEqual([{ type: "text", text: "a\n\n  b\tc" }]);
    expect(sequence([text("\u00a0x\u3000")]).blocks).toEqual([{ type: "text", text: "\u00a0x\u3000" }]);
  });

  it("emits nothing for a stream of whitespace only", () => {
    expect(sequence([reasoning("\n"), text("  \n"), reasoning(" ")]).events).toEqual([]);
  });

  it("passes on a trailing whitespace run longer than its bound rather than hold it", () => {
    const { blocks, sequencer } = sequence([text("x"), text(" ".repeat(3000)), text(" ".repeat(3000))]);
    // 6000 spaces inside a block are the model's; past 4096 held the run goes on as it is.
    expect(blocks).toEqual([{ type: "text", text: `x${" ".repeat(6000)}` }]);
    expect(sequencer.warnings).toEqual([]);
  });

  it("produces no events for warning and markup segments, and collects the warnings", () => {
    const warning = {
      type: "warning",
      code: "hermes.kept_as_text",
      message: "not JSON",
      raw: "<tool_call>{",
    } as const;
    const { events, sequencer } = sequence([
      { type: "markup", text: "<think>" },
      warning,
      { type: "markup", text: "</think>" },
    ]);
    expect(events).toEqual([]);
    expect(sequencer.warnings).toEqual([warning]);
  });

  it("keeps warnings in arrival order, its own included", () => {
    const received = { type: "warning", code: "x", message: "m", raw: "r" } as const;
    const { sequencer } = sequence([...call(0, "a", "{}"), received, ...call(1, "b", "{}")], {
      disableParallelToolUse: true,
    });
    expect(sequencer.warnings.map((warning) => warning.code)).toEqual([
      "x",
      SEQUENCER_WARNING_CODE.parallelDropped,
    ]);
  });

  it("counts the blocks it emitted, by type", () => {
    const { sequencer } = sequence([
      reasoning("a"),
      text("b"),
      ...call(0, "f", "{}"),
      text("c"),
      ...call(1, "g", "{}"),
    ]);
    expect(sequencer.blockCounts).toEqual({ thinking: 1, text: 2, tool_use: 2 });
    expect(sequencer.toolUseCount).toBe(2);
  });

  it("end() closes the open block, is idempotent, and ignores what is pushed after it", () => {
    const events: unknown[] = [];
    const sequencer = createBlockSequencer({ signature: "s" }, (event) => events.push(event));
    sequencer.push(reasoning("plan"));
    expect(events).toHaveLength(2);
    sequencer.end();
    sequencer.end();
    sequencer.push(text("late"));
    sequencer.end();
    expect(events).toEqual([
      { type: "block-start", index: 0, kind: "thinking" },
      { type: "block-delta", index: 0, kind: "thinking", text: "plan" },
      { type: "block-delta", index: 0, kind: "signature", text: "s" },
      { type: "block-stop", index: 0 },
    ]);
  });
});
