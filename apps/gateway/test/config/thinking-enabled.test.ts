import { describe, expect, it } from "vitest";
import { type ModelConfig, resolveModelPlan, thinkingEnabled } from "../../src/config";

type Policy = ModelConfig["thinking"];

describe("thinkingEnabled (docs/config.md §1)", () => {
  it.each([
    [{ type: "enabled", budget_tokens: 2048 }, true],
    [{ type: "adaptive" }, true],
    [{ type: "disabled" }, false],
    [undefined, false],
    [null, false],
    [{ type: "something-new" }, false],
  ])("thinking: request follows the client's %j → %s", (thinking, expected) => {
    expect(thinkingEnabled({ thinking: "request", alwaysThinks: false }, { thinking })).toBe(expected);
  });

  it.each([
    ["on", undefined, true],
    ["on", { type: "disabled" }, true],
    ["off", { type: "enabled" }, false],
    ["off", { type: "adaptive" }, false],
  ] as const)("thinking: %s overrides the client's %j", (policy: Policy, thinking, expected) => {
    expect(thinkingEnabled({ thinking: policy, alwaysThinks: false }, { thinking })).toBe(expected);
  });

  it("is always on for a family that always thinks (deepseek-r1), whatever config and client say", () => {
    expect(thinkingEnabled({ thinking: "off", alwaysThinks: true }, { thinking: { type: "disabled" } })).toBe(
      true,
    );
    expect(thinkingEnabled({ thinking: "request", alwaysThinks: true }, {})).toBe(true);
  });

  it("takes 'always thinks' from the reasoning dialect, with or without a preset", () => {
    const setting = (model: Parameters<typeof resolveModelPlan>[0]) => ({
      thinking: "request" as const,
      alwaysThinks: resolveModelPlan(model).alwaysThinks,
    });
    expect(thinkingEnabled(setting({ preset: "deepseek-r1" }), {})).toBe(true);
    expect(thinkingEnabled(setting({ reasoningParser: "deepseek_r1" }), {})).toBe(true);
    expect(thinkingEnabled(setting({ preset: "deepseek-v4.1" }), {})).toBe(false);
    expect(thinkingEnabled(setting({ preset: "qwen3" }), {})).toBe(false);
  });
});
