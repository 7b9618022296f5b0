import { describe, expect, it } from "vitest";
import { type ModelConfig, thinkingEnabled } from "../../src/config";

type Policy = ModelConfig["thinking"];

describe("thinkingEnabled (GATEWAY.md §Config)", () => {
  it.each([
    [{ type: "enabled", budget_tokens: 2048 }, true],
    [{ type: "adaptive" }, true],
    [{ type: "disabled" }, false],
    [undefined, false],
    [null, false],
    [{ type: "something-new" }, false],
  ])("thinking: request follows the client's %j → %s", (thinking, expected) => {
    expect(thinkingEnabled({ thinking: "request", preset: "qwen3.5" }, { thinking })).toBe(expected);
  });

  it.each([
    ["on", undefined, true],
    ["on", { type: "disabled" }, true],
    ["off", { type: "enabled" }, false],
    ["off", { type: "adaptive" }, false],
  ] as const)("thinking: %s overrides the client's %j", (policy: Policy, thinking, expected) => {
    expect(thinkingEnabled({ thinking: policy }, { thinking })).toBe(expected);
  });

  it("is always on for a preset whose model always thinks (deepseek-r1), whatever config and client say", () => {
    expect(
      thinkingEnabled({ thinking: "off", preset: "deepseek-r1" }, { thinking: { type: "disabled" } }),
    ).toBe(true);
    expect(thinkingEnabled({ thinking: "request", preset: "deepseek-r1" }, {})).toBe(true);
  });

  it("does not force thinking for the other presets", () => {
    expect(thinkingEnabled({ thinking: "request", preset: "deepseek-v4.1" }, {})).toBe(false);
    expect(thinkingEnabled({ thinking: "request", preset: "qwen3" }, {})).toBe(false);
  });
});
