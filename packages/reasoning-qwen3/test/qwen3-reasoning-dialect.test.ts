import { echoToolDialect, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { qwen3ReasoningDialect } from "../src";

const reasoning = qwen3ReasoningDialect();
const run = (chunks: string[] | string, thinking = true) =>
  segmentText({ reasoning, tool: echoToolDialect(), thinking }, chunks);

describe("qwen3 (docs/dialects.md §1)", () => {
  it("starts in reasoning iff thinking is on", () => {
    expect(run("plan</think>answer", true)).toMatchObject({ reasoning: "plan", content: "answer" });
    expect(run("answer", false)).toMatchObject({ reasoning: null, content: "answer" });
  });

  it("absorbs <think> while in reasoning", () => {
    const result = run(["<think>pl", "an</think>answer"], true);
    expect(result).toMatchObject({ reasoning: "plan", content: "answer", markup: "<think></think>" });
  });

  it("enters reasoning at <think> in content only before any non-whitespace content", () => {
    expect(run("\n<think>plan</think>answer", false)).toMatchObject({
      reasoning: "plan",
      content: "\nanswer",
    });
    // The </think> that closes a literal <think> in the same text block is literal too.
    expect(run("answer <think>not reasoning</think>", false)).toMatchObject({
      reasoning: null,
      content: "answer <think>not reasoning</think>",
    });
  });

  it("drops a stray </think> in content", () => {
    expect(run(["plan</think>one", "</think>two"], true)).toMatchObject({
      reasoning: "plan",
      content: "onetwo",
    });
  });

  it("ends reasoning at a tool-call start the tool dialect confirms", () => {
    const result = run(["Let me look.\n\n<tool_call>\n<func", "tion=bash>"], true);
    expect(result.reasoning).toBe("Let me look.\n\n");
    expect(result.calls).toHaveLength(1);
    expect(result.content).toBe("<tool_call>\n<function=bash>");
  });

  it("keeps <tool_call> that the tool dialect refuses as reasoning", () => {
    expect(run("quoting <tool_call> in prose</think>done", true)).toMatchObject({
      reasoning: "quoting <tool_call> in prose",
      content: "done",
      calls: [],
    });
  });

  it("keeps everything as reasoning when the stream ends inside it", () => {
    expect(run(["all of it is ", "reasoning </thi"], true)).toMatchObject({
      reasoning: "all of it is reasoning </thi",
      content: null,
    });
  });

  it("keeps whitespace exactly", () => {
    expect(run("  plan \n\n</think>\n answer  ", true)).toMatchObject({
      reasoning: "  plan \n\n",
      content: "\n answer  ",
    });
  });

  it("never loses a tag split across chunks and flushes a held partial tag at the end", () => {
    expect(run(["plan</thi", "nk>answer </th"], true)).toMatchObject({
      reasoning: "plan",
      content: "answer </th",
    });
    expect(run(["<", "t", "h", "i", "n", "k", ">"], false)).toMatchObject({ reasoning: null, content: null });
  });

  it("conserves every character and pairs every call", () => {
    for (const input of [
      "a</think>b<think>c",
      "<think>x</think>\n<tool_call>\n<function=f>y",
      "</think></think>",
    ]) {
      expect(run(Array.from(input), true).problems).toEqual([]);
      expect(run(input, false).problems).toEqual([]);
    }
  });
});
