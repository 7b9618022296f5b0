import type { JsonSchema } from "@sluice/core";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { describe, expect, it } from "vitest";
import { argumentsOf, runQwen } from "./run-qwen";

const tools: Record<string, JsonSchema> = {
  write_file: { type: "object", properties: { path: { type: "string" }, content: { type: "string" } } },
};
const writeCall = (content: string) =>
  `<tool_call>\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\n${content}\n</parameter>\n</function>\n</tool_call>`;

describe("qwen3 + qwen_xml, thinking on", () => {
  const run = (chunks: string | string[]) =>
    runQwen(chunks, { reasoning: qwen3ReasoningDialect(), thinking: true, tools });

  it("ends reasoning at a confirmed call without </think> (Qwen3.5 skips it)", () => {
    const result = run(`Let me write it.\n\n${writeCall("hi")}\nDone.`);
    expect(result.reasoning).toBe("Let me write it.\n\n");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "hi" }]);
    expect(result.content).toBe("\nDone.");
  });

  it("keeps <think> and </think> inside a value literal, whether the call follows </think> or not", () => {
    const after = run(`plan</think>\n${writeCall("<think>x</think> and </think>")}`);
    expect(after).toMatchObject({ reasoning: "plan", content: "\n" });
    expect(argumentsOf(after)).toEqual([{ path: "a.txt", content: "<think>x</think> and </think>" }]);
    const inside = run(`plan${writeCall("a </think> b <think>")}`);
    expect(inside).toMatchObject({ reasoning: "plan", content: null });
    expect(argumentsOf(inside)).toEqual([{ path: "a.txt", content: "a </think> b <think>" }]);
  });

  it("does not take a bare <function= inside reasoning for a call (policy explicit)", () => {
    const result = run("thinking\n<function=write_file>\n</function>\nmore</think>answer");
    expect(result).toMatchObject({
      reasoning: "thinking\n<function=write_file>\n</function>\nmore",
      content: "answer",
      calls: [],
    });
  });

  it("keeps a refused <tool_call> in reasoning, and a held partial </think> before a call", () => {
    expect(run("quoting <tool_call> in prose</think>done")).toMatchObject({
      reasoning: "quoting <tool_call> in prose",
      content: "done",
      calls: [],
    });
    const partial = run(["plan </thi", writeCall("x")]);
    expect(partial.reasoning).toBe("plan </thi");
    expect(partial.calls).toHaveLength(1);
  });

  it("takes a bare <function= for a call once reasoning has ended", () => {
    const result = run("plan</think>\n<function=write_file>\n<parameter=path>\nb\n</parameter>\n</function>");
    expect(result).toMatchObject({ reasoning: "plan", content: "\n" });
    expect(argumentsOf(result)).toEqual([{ path: "b" }]);
  });
});

describe("deepseek_v41 + qwen_xml, thinking on", () => {
  const run = (chunks: string | string[]) =>
    runQwen(chunks, { reasoning: deepseekV41ReasoningDialect(), thinking: true, tools });

  it("ends reasoning at a confirmed call (its whitespace is the sequencer's to drop)", () => {
    const result = run(`Let me look.\n\n${writeCall("hi")}`);
    expect(result.reasoning).toBe("Let me look.\n\n");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "hi" }]);
    expect(result.content).toBeNull();
  });

  it("keeps <think> and </think> inside a value literal", () => {
    const result = run(`plan \n${writeCall("<think>not reasoning</think>")}`);
    expect(result.reasoning).toBe("plan \n");
    expect(argumentsOf(result)).toEqual([{ path: "a.txt", content: "<think>not reasoning</think>" }]);
  });

  it("re-enters reasoning after a call and takes the next call out of it again", () => {
    const result = run(`a\n${writeCall("1")}\n<think>b \n${writeCall("2")}`);
    expect(result.reasoning).toBe("a\nb \n");
    expect(argumentsOf(result)).toEqual([
      { path: "a.txt", content: "1" },
      { path: "a.txt", content: "2" },
    ]);
  });
});
