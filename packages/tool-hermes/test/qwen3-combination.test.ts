import { segmentText } from "@sluice/core/testkit";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { describe, expect, it } from "vitest";
import { hermesToolDialect } from "../src";

const run = (chunks: string[] | string, thinking = true) => {
  const options = { reasoning: qwen3ReasoningDialect(), tool: hermesToolDialect(), thinking };
  const whole = segmentText(options, chunks);
  const input = typeof chunks === "string" ? chunks : chunks.join("");
  expect(segmentText(options, Array.from(input)).segments).toEqual(whole.segments);
  expect(whole.problems).toEqual([]);
  return whole;
};

describe("qwen3 + hermes, thinking on (docs/dialects.md §1)", () => {
  it("a confirmed <tool_call>{ ends reasoning without </think>", () => {
    const result = run(['Let me look.\n\n<tool_call>\n{"name": "ls", ', '"arguments": {}}\n</tool_call>']);
    expect(result).toMatchObject({ reasoning: "Let me look.\n\n", content: null });
    expect(result.calls.map((call) => call.name)).toEqual(["ls"]);
    expect(result.segments[0]).toEqual({ type: "reasoning", text: "Let me look.\n\n" });
    expect(result.segments[1]).toMatchObject({ type: "tool-call-start", name: "ls" });
  });

  it("text after the call is content", () => {
    const result = run('plan<tool_call>{"name": "f"}</tool_call>\nDone.');
    expect(result).toMatchObject({ reasoning: "plan", content: "\nDone." });
  });

  it("a partial </think> held by the reasoning parser is flushed as reasoning before the call", () => {
    const result = run(["plan </thi", '<tool_call>{"name": "f"}</tool_call>']);
    expect(result).toMatchObject({ reasoning: "plan </thi", content: null });
    expect(result.calls).toHaveLength(1);
  });

  it("a quoted <tool_call> in reasoning stays reasoning", () => {
    const result = run("I could use <tool_call> here</think>answer");
    expect(result).toMatchObject({ reasoning: "I could use <tool_call> here", content: "answer", calls: [] });
  });

  it("an unparseable body in reasoning stays reasoning, with a warning", () => {
    const result = run('hmm <tool_call>{"name": 1}</tool_call></think>ok');
    expect(result).toMatchObject({
      reasoning: 'hmm <tool_call>{"name": 1}</tool_call>',
      content: "ok",
      calls: [],
    });
    expect(result.warnings.map((warning) => warning.code)).toEqual(["hermes.unparseable_body"]);
  });

  it("reasoning closed by </think>, then a call", () => {
    const result = run('plan</think>\n\n<tool_call>\n{"name": "f", "arguments": {"a": 1}}\n</tool_call>');
    expect(result).toMatchObject({ reasoning: "plan", content: "\n\n" });
    expect(result.calls.map((call) => call.argumentsJson)).toEqual(['{"a": 1}']);
  });

  it("a <think> inside a call's JSON string is the call's data", () => {
    const result = run(
      '<tool_call>{"name": "w", "arguments": {"t": "</think><think>"}}</tool_call>after',
      false,
    );
    expect(result).toMatchObject({ reasoning: null, content: "after" });
    expect(result.calls.map((call) => call.arguments)).toEqual([{ t: "</think><think>" }]);
  });

  it("thinking off: a call in content", () => {
    const result = run('Sure.<tool_call>{"name": "f"}</tool_call>', false);
    expect(result).toMatchObject({ reasoning: null, content: "Sure." });
    expect(result.calls).toHaveLength(1);
  });

  // The segmenter passes on what the reasoning parser holds ("a <", "</th") before tool markup.
  it("text the reasoning parser holds in content stays before the call", () => {
    expect(run('plan</think>a </th<tool_call>{"name": "f"}</tool_call>')).toMatchObject({
      content: "a </th",
    });
  });
  it("a lone `<` before a call in content stays before the call", () => {
    const result = run('a <<tool_call>{"name": "f"}</tool_call>b', false);
    expect(result.segments.map((segment) => segment.type)).toEqual([
      "text",
      "tool-call-start",
      "markup",
      "tool-call-delta",
      "tool-call-end",
      "markup",
      "text",
    ]);
    expect(result.content).toBe("a <b");
  });
});
