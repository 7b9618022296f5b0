import type { JsonSchema } from "@sluice/core";
import { deepseekR1ReasoningDialect } from "@sluice/reasoning-deepseek-r1";
import { describe, expect, it } from "vitest";
import { argumentsOf, runMinimax } from "./run-minimax";

const tools: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const writeCall = (content: string) =>
  `<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="path">a.txt</parameter>\n<parameter name="content">${content}</parameter>\n</invoke>\n</minimax:tool_call>`;

// Preset minimax-m2: deepseek_r1 in front, which always starts in reasoning (docs/dialects.md §1, §3 Presets).
const run = (chunks: string | string[]) =>
  runMinimax(chunks, { reasoning: deepseekR1ReasoningDialect(), thinking: true, tools });

describe("deepseek_r1 + minimax_m2 (MiniMax always thinks)", () => {
  it("ends reasoning at a confirmed call without </think> (MiniMax skips it, dr020)", () => {
    const result = run(["I should write it.\n", `${writeCall("hi")}\nDone.`]);
    expect(result.reasoning).toBe("I should write it.\n");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "hi" }]);
    expect(result.content).toBe("\nDone.");
  });

  it("parses a call after </think> as usual", () => {
    const result = run(`plan</think>\n\nLet me write it.\n${writeCall("hi")}`);
    expect(result).toMatchObject({ reasoning: "plan", content: "\n\nLet me write it.\n" });
    expect(result.calls).toHaveLength(1);
  });

  it("keeps <think> and </think> inside a value literal, whether the call follows </think> or not", () => {
    const after = run(`plan</think>\n${writeCall("<think>x</think> and </think>")}`);
    expect(after).toMatchObject({ reasoning: "plan", content: "\n" });
    expect(argumentsOf(after)).toEqual([{ path: "a.txt", content: "<think>x</think> and </think>" }]);
    const inside = run(`plan${writeCall("a </think> b <think>")}`);
    expect(inside).toMatchObject({ reasoning: "plan", content: null });
    expect(argumentsOf(inside)).toEqual([{ path: "a.txt", content: "a </think> b <think>" }]);
  });

  it("keeps a <minimax:tool_call> not followed by an invoke in reasoning", () => {
    expect(run("the format is <minimax:tool_call> then invokes</think>done")).toMatchObject({
      reasoning: "the format is <minimax:tool_call> then invokes",
      content: "done",
      calls: [],
    });
  });

  it("passes a partial </think> held before a call on as reasoning", () => {
    const partial = run(["plan </thi", writeCall("x")]);
    expect(partial.reasoning).toBe("plan </thi");
    expect(partial.calls).toHaveLength(1);
  });

  it("takes several invokes after reasoning as several calls, and the answer after them as text", () => {
    const two = writeCall("1").replace(
      "</invoke>\n</minimax:tool_call>",
      '</invoke>\n<invoke name="write_file">\n<parameter name="path">b.txt</parameter>\n</invoke>\n</minimax:tool_call>',
    );
    const result = run(`thinking\n${two}\n\nWritten.`);
    expect(result).toMatchObject({ reasoning: "thinking\n", content: "\n\nWritten." });
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "1" }, { path: "b.txt" }]);
  });
});
