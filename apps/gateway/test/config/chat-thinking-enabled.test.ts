import { describe, expect, it } from "vitest";
import { chatThinkingEnabled } from "../../src/config/chat-thinking-enabled";

const qwen = {
  thinking: "request" as const,
  alwaysThinks: false,
  thinksByDefault: true,
  thinkingKwarg: "enable_thinking" as const,
};
const deepseekV31 = { ...qwen, thinksByDefault: false, thinkingKwarg: "thinking" as const };

describe("chatThinkingEnabled: an OpenAI client decides thinking (docs/http-api.md §6)", () => {
  it("reasoning_effort: none → off, any other effort → on", () => {
    expect(chatThinkingEnabled(qwen, { reasoning_effort: "none" })).toBe(false);
    expect(chatThinkingEnabled(deepseekV31, { reasoning_effort: "low" })).toBe(true);
    expect(chatThinkingEnabled(deepseekV31, { reasoning_effort: "high" })).toBe(true);
  });

  it("else the template switch the client sent itself, the family's name first", () => {
    expect(chatThinkingEnabled(qwen, { chat_template_kwargs: { enable_thinking: false } })).toBe(false);
    expect(chatThinkingEnabled(deepseekV31, { chat_template_kwargs: { thinking: true } })).toBe(true);
    expect(
      chatThinkingEnabled(deepseekV31, { chat_template_kwargs: { thinking: false, enable_thinking: true } }),
    ).toBe(false);
    expect(chatThinkingEnabled(qwen, { chat_template_kwargs: { enable_thinking: "no" } })).toBe(true);
  });

  it("else the family's template default", () => {
    expect(chatThinkingEnabled(qwen, {})).toBe(true);
    expect(chatThinkingEnabled(deepseekV31, {})).toBe(false);
    expect(chatThinkingEnabled(qwen, { reasoning_effort: null, chat_template_kwargs: null })).toBe(true);
  });

  it("the config's on/off and a family that always thinks win over the client", () => {
    expect(chatThinkingEnabled({ ...qwen, thinking: "off" }, { reasoning_effort: "high" })).toBe(false);
    expect(chatThinkingEnabled({ ...qwen, thinking: "on" }, { reasoning_effort: "none" })).toBe(true);
    expect(chatThinkingEnabled({ ...qwen, alwaysThinks: true }, { reasoning_effort: "none" })).toBe(true);
  });
});
