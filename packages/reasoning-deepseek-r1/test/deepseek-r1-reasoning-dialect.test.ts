import { echoToolDialect, segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { deepseekR1ReasoningDialect } from "../src";

const reasoning = deepseekR1ReasoningDialect();
const run = (chunks: string[] | string, thinking = true) =>
  segmentText({ reasoning, tool: echoToolDialect(), thinking }, chunks);

describe("deepseek_r1 (docs/dialects.md §1)", () => {
  it("always starts in reasoning, whatever the thinking setting", () => {
    expect(run("plan</think>answer", false)).toMatchObject({ reasoning: "plan", content: "answer" });
    expect(run("plan</think>answer", true)).toMatchObject({ reasoning: "plan", content: "answer" });
  });

  it("absorbs <think> in reasoning", () => {
    expect(run(["<thi", "nk>plan</think>answer"])).toMatchObject({ reasoning: "plan", content: "answer" });
  });

  it("keeps <think> in content as literal text", () => {
    expect(run("plan</think>answer <think>more</think> end")).toMatchObject({
      reasoning: "plan",
      content: "answer <think>more end",
    });
  });

  it("drops a stray </think> in content", () => {
    expect(run("plan</think>a</think>b")).toMatchObject({ reasoning: "plan", content: "ab" });
  });

  it("is ended by a tool call the tool dialect confirms (MiniMax skips </think> before its tool block)", () => {
    const result = run("I will call it.\n<tool_call>\n<function=f> here");
    expect(result.reasoning).toBe("I will call it.\n");
    expect(result.calls).toHaveLength(1);
  });

  it("is not ended by a tool tag that is no call", () => {
    expect(run("quoting <tool_call> in prose</think>ok")).toMatchObject({
      reasoning: "quoting <tool_call> in prose",
      content: "ok",
      calls: [],
    });
  });

  it("keeps everything as reasoning when the stream ends inside it, whitespace exact", () => {
    expect(run(["\n  all ", "reasoning\n\n"])).toMatchObject({
      reasoning: "\n  all reasoning\n\n",
      content: null,
    });
  });

  it("flushes a held partial tag at the end as reasoning", () => {
    expect(run(["plan </th", "i"])).toMatchObject({ reasoning: "plan </thi" });
  });
});
