import { segmentText } from "@sluice/core/testkit";
import { describe, expect, it } from "vitest";
import { kimiK3ReasoningDialect } from "../src";

const run = (text: string | string[], thinking: boolean) =>
  segmentText({ reasoning: kimiK3ReasoningDialect(), thinking }, text);

describe("kimi_k3 reasoning", () => {
  it("starts in reasoning with thinking on and in the response channel with it off", () => {
    const on = run("plan<|close|>think<|sep|><|open|>response<|sep|>done<|close|>response<|sep|>", true);
    expect(on.problems).toEqual([]);
    expect([on.reasoning, on.content]).toEqual(["plan", "done"]);
    const off = run("done<|close|>response<|sep|><|close|>message<|sep|><|end_of_msg|>", false);
    expect([off.reasoning, off.content]).toEqual([null, "done"]);
  });

  it("answer_in_think_channel: a response close inside reasoning ends it, the text staying reasoning", () => {
    const result = run("The answer is 42.<|close|>response<|sep|><|close|>message<|sep|>", true);
    expect(result.problems).toEqual([]);
    expect(result.reasoning).toBe("The answer is 42.");
    expect(result.content ?? "").toBe("");
    expect(result.warnings.map((warning) => warning.code)).toEqual(["kimi_k3.answer_in_think_channel"]);
  });

  it("ends reasoning at a tools opener and passes it on as content", () => {
    const result = run("let me check<|open|>tools<|sep|>x", true);
    expect([result.reasoning, result.content]).toEqual(["let me check", "<|open|>tools<|sep|>x"]);
  });

  it("drops a stray think close in content and reads spaced markers", () => {
    const result = run("<|close|>think<|sep|><|open|> response <|sep|>hi<|close|> response <|sep|>", false);
    expect(result.problems).toEqual([]);
    expect(result.content).toBe("hi");
  });

  it("opens reasoning at a think opener wherever it comes", () => {
    const result = run("a<|open|>think<|sep|>b<|close|>think<|sep|>c", false);
    expect([result.reasoning, result.content]).toEqual(["b", "ac"]);
  });

  it("keeps unknown tags, lone markers and a marker cut by the end as text", () => {
    for (const text of [
      "x<|open|>image<|sep|>y",
      "a <|sep|> b",
      '<|open|>message role="user"<|sep|>',
      "end<|clo",
    ]) {
      const result = run(text, false);
      expect(result.problems).toEqual([]);
      expect(result.content).toBe(text);
    }
  });

  it("keeps a tag longer than its limits as text", () => {
    const text = `<|open|>${"n".repeat(100)}<|sep|>`;
    expect(run(text, false).content).toBe(text);
  });
});
