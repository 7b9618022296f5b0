import { describe, expect, it } from "vitest";
import { createParserContext, type Segment, ThinkTagParser, type ThinkTagPolicy } from "../src";

const policy = (overrides: Partial<ThinkTagPolicy> = {}): ThinkTagPolicy => ({
  startsInReasoning: (context) => context.thinking,
  thinkInContent: "before-content",
  trimTrailingWhitespace: false,
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

  it("interrupt() ends reasoning, trims held whitespace as markup, and counts as content", () => {
    const { instance, segments } = parser({ trimTrailingWhitespace: true });
    instance.push("plan\n\n");
    instance.interrupt();
    expect(instance.inReasoning).toBe(false);
    // A tool call counted as content: a later <think> is literal for the before-content policy.
    instance.push("<think>after");
    instance.end();
    expect(segments).toEqual([
      { type: "reasoning", text: "plan" },
      { type: "markup", text: "\n\n" },
      { type: "text", text: "<think>after" },
    ]);
  });

  it("passes on a whitespace run longer than its bound instead of holding it for trimming", () => {
    const { instance, segments } = parser({ trimTrailingWhitespace: true });
    instance.push("x");
    instance.push(" ".repeat(5000));
    expect(segments.map((segment) => segment.type)).toEqual(["reasoning", "reasoning"]);
    expect(segments[1]).toEqual({ type: "reasoning", text: " ".repeat(5000) });
  });

  it("ignores empty pushes", () => {
    const { instance, segments } = parser({}, false);
    instance.push("");
    instance.end();
    expect(segments).toEqual([]);
  });
});
