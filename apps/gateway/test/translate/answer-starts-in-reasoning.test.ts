import type { ChatMessage } from "@sluice/upstream-chat";
import { describe, expect, it } from "vitest";
import { answerStartsInReasoning } from "../../src/translate/answer-starts-in-reasoning";

const afterUser = [
  { role: "system", content: "s" },
  { role: "user", content: "hi" },
] as ChatMessage[];
const afterTool = [
  { role: "user", content: "hi" },
  {
    role: "assistant",
    content: null,
    tool_calls: [{ id: "a", type: "function", function: { name: "f", arguments: "{}" } }],
  },
  { role: "tool", tool_call_id: "a", content: "ok" },
] as ChatMessage[];

describe("answerStartsInReasoning", () => {
  it("follows a template that opens <think> only after a user message (DeepSeek V3.1)", () => {
    const rules = { reasoningStart: "after-user" } as const;
    expect(answerStartsInReasoning(rules, afterUser, true)).toBe(true);
    expect(answerStartsInReasoning(rules, afterTool, true)).toBe(false);
    // A late system entry is hoisted by that template: the message before it decides.
    expect(answerStartsInReasoning(rules, [...afterTool, { role: "system", content: "x" }], true)).toBe(
      false,
    );
  });

  it("starts in content with thinking off, and as the rule says with it on", () => {
    for (const reasoningStart of ["always", "after-user", "never"] as const) {
      expect(answerStartsInReasoning({ reasoningStart }, afterUser, false)).toBe(false);
    }
    expect(answerStartsInReasoning({ reasoningStart: "always" }, afterTool, true)).toBe(true);
    expect(answerStartsInReasoning({ reasoningStart: "never" }, afterUser, true)).toBe(false);
  });

  it("leaves the dialect's default without a rule", () => {
    expect(answerStartsInReasoning(undefined, afterTool, true)).toBeUndefined();
  });
});
