import { describe, expect, it } from "vitest";
import { createParserContext, type Segment, ThinkTagParser, type ThinkTagPolicy } from "../src";

const policy = (overrides: Partial<ThinkTagPolicy> = {}): ThinkTagPolicy => ({
  startsInReasoning: (context) => context.thinking,
  thinkInContent: "before-content",
  ...overrides,
});

function parser(options: Partial<ThinkTagPolicy> = {}, thinking = true) {
  const segments: Segment[] = [];
  const instance = new ThinkTagParser(policy(options), createParserContext({ thinking }), (segment) =>
    segments.push(segment),
  );
  return { instance, segments };
}

describe("ThinkTagParser", () => {
  it("flush() passes on a held partial marker in the current state, and stays in it", () => {
    const { instance, segments } = parser();
    instance.push("plan </th");
    instance.flush();
    expect(instance.inReasoning).toBe(true);
    instance.push("ink>x</think>");
    instance.end();
    expect(segments).toEqual([
      { type: "reasoning", text: "plan " },
      { type: "reasoning", text: "</th" },
      { type: "reasoning", text: "ink>x" },
      { type: "markup", text: "</think>" },
    ]);
  });

  it("interrupt() ends reasoning and counts as content", () => {
    const { instance, segments } = parser();
    instance.push("plan\n\n");
    instance.interrupt();
    expect(instance.inReasoning).toBe(false);
    // A tool call counted as content: a later <think> is literal for the before-content policy.
    instance.push("<think>after");
    instance.end();
    expect(segments).toEqual([
      { type: "reasoning", text: "plan\n\n" },
      { type: "text", text: "<think>" },
      { type: "text", text: "after" },
    ]);
  });

  it("keeps a </think> that closes a literal <think> of the same text block literal (before-content)", () => {
    const { instance, segments } = parser({}, false);
    instance.push("Use <think>tags</th");
    instance.push("ink> like this.</think>");
    instance.end();
    const text = segments.filter((segment) => segment.type === "text").map((segment) => segment.text);
    // The second </think> closes nothing: a stray close, dropped as before.
    expect(text.join("")).toBe("Use <think>tags</think> like this.");
    expect(segments.at(-1)).toEqual({ type: "markup", text: "</think>" });
  });

  it("forgets an unclosed literal <think> at tool markup (a new text block)", () => {
    const { instance, segments } = parser({}, false);
    instance.push("a <think> b");
    instance.flush();
    instance.push(" c </think> d");
    instance.end();
    const text = segments.filter((segment) => segment.type === "text").map((segment) => segment.text);
    expect(text.join("")).toBe("a <think> b c  d");
  });

  it("drops every stray </think> for the literal policy (deepseek_r1), also after a literal <think>", () => {
    const { instance, segments } = parser({ thinkInContent: "literal" }, false);
    instance.push("x</think>y <think>z</think>");
    instance.end();
    const text = segments.filter((segment) => segment.type === "text").map((segment) => segment.text);
    expect(text.join("")).toBe("xy <think>z");
  });

  it("ignores empty pushes", () => {
    const { instance, segments } = parser({}, false);
    instance.push("");
    instance.end();
    expect(segments).toEqual([]);
  });
});
