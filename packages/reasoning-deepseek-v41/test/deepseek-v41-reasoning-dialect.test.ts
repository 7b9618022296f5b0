import { echoToolDialect, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { deepseekV41ReasoningDialect } from "../src";

const reasoning = deepseekV41ReasoningDialect();
const run = (chunks: string[] | string, thinking = true) =>
  segmentText({ reasoning, tool: echoToolDialect(), thinking }, chunks);

describe("deepseek_v41 (docs/dialects.md §1)", () => {
  it("starts in reasoning iff thinking is on", () => {
    expect(run("plan</think>answer", true)).toMatchObject({ reasoning: "plan", content: "answer" });
    expect(run("answer", false)).toMatchObject({ reasoning: null, content: "answer" });
  });

  it("yields reasoning, text, reasoning in order for </think>answer<think>more in one chunk", () => {
    const result = run("plan</think>answer<think>more", true);
    expect(result.segments.filter((segment) => segment.type !== "markup")).toEqual([
      { type: "reasoning", text: "plan" },
      { type: "text", text: "answer" },
      { type: "reasoning", text: "more" },
    ]);
  });

  it("re-enters reasoning at <think> after content (interleaved thinking)", () => {
    expect(run(["a</think>b", "<think>c</think>d"], true)).toMatchObject({ reasoning: "ac", content: "bd" });
  });

  it("passes reasoning whitespace on exactly (the sequencer drops template separators)", () => {
    expect(run(["thinking.\n", "\n", " \n", "</think>done"], true)).toMatchObject({
      reasoning: "thinking.\n\n \n",
      content: "done",
    });
  });

  it("ends reasoning at a confirmed tool call", () => {
    const result = run(["Let me look.\n\n", "<tool_call>\n<function=f>"], true);
    expect(result.reasoning).toBe("Let me look.\n\n");
    expect(result.calls).toHaveLength(1);
  });

  it("drops a stray </think> in content and keeps all-reasoning streams", () => {
    expect(run("x</think>y</think>z", true)).toMatchObject({ reasoning: "x", content: "yz" });
    expect(run("never closed ", true)).toMatchObject({ reasoning: "never closed ", content: null });
  });

  it("conserves every character", () => {
    expect(run(Array.from("a \n</think>b<think>c\n\n</think>"), true).problems).toEqual([]);
  });
});
