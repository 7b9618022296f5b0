import { describe, expect, it } from "vitest";
import {
  findPreset,
  PRESET_NAMES,
  PRESETS,
  REASONING_DIALECTS,
  resolveModelPlan,
  TOOL_DIALECTS,
} from "../../src/config";

describe("presets (docs/config.md §1)", () => {
  it("lists exactly the documented presets", () => {
    expect(PRESET_NAMES).toEqual([
      "qwen3",
      "qwen3-coder",
      "qwen3.5",
      "deepseek-r1",
      "deepseek-v4.1",
      "hermes",
    ]);
  });

  it.each([
    ["qwen3", "qwen3", "hermes", "enable_thinking", false],
    ["qwen3-coder", undefined, "qwen_xml", undefined, false],
    ["qwen3.5", "qwen3", "qwen_xml", "enable_thinking", false],
    ["deepseek-r1", "deepseek_r1", undefined, undefined, true],
    ["deepseek-v4.1", "deepseek_v41", undefined, "thinking", false],
    ["hermes", undefined, "hermes", undefined, false],
  ] as const)(
    "%s → reasoning %s, tools %s, kwarg %s, always thinks %s",
    (preset, reasoning, tool, kwarg, always) => {
      const plan = resolveModelPlan({ preset });
      expect(plan.presetName).toBe(preset);
      expect(plan.reasoning?.id).toBe(reasoning);
      expect(plan.tool?.id).toBe(tool);
      expect(plan.thinkingKwarg).toBe(kwarg);
      expect(plan.alwaysThinks).toBe(always);
    },
  );

  it("builds every dialect from its table under the id it is named by", () => {
    for (const [name, factory] of Object.entries(REASONING_DIALECTS)) {
      expect(factory()).toMatchObject({ kind: "reasoning", id: name });
    }
    for (const [name, factory] of Object.entries(TOOL_DIALECTS)) {
      expect(factory()).toMatchObject({ kind: "tool", id: name });
    }
  });

  it("refers only to parsers in the tables", () => {
    for (const preset of PRESETS) {
      if (preset.reasoningParser !== "none")
        expect(REASONING_DIALECTS).toHaveProperty(preset.reasoningParser);
      if (preset.toolParser !== "none") expect(TOOL_DIALECTS).toHaveProperty(preset.toolParser);
    }
  });

  it("finds presets by name only", () => {
    expect(findPreset("qwen3.5")?.name).toBe("qwen3.5");
    expect(findPreset("constructor")).toBeUndefined();
    expect(findPreset(undefined)).toBeUndefined();
  });
});

describe("resolveModelPlan", () => {
  it("lets per-model parsers override the preset", () => {
    const plan = resolveModelPlan({
      preset: "qwen3",
      reasoningParser: "deepseek_v41",
      toolParser: "qwen_xml",
    });
    expect(plan.reasoning?.id).toBe("deepseek_v41");
    expect(plan.tool?.id).toBe("qwen_xml");
    // The kwarg belongs to the preset's chat template, not to the parser.
    expect(plan.thinkingKwarg).toBe("enable_thinking");
  });

  it("takes `none` to mean no dialect, even where the preset has one", () => {
    const plan = resolveModelPlan({ preset: "qwen3.5", reasoningParser: "none", toolParser: "none" });
    expect(plan).not.toHaveProperty("reasoning");
    expect(plan).not.toHaveProperty("tool");
  });

  it("uses parsers without a preset, with the reasoning family's thinking switch", () => {
    const plan = resolveModelPlan({ reasoningParser: "qwen3", toolParser: "hermes" });
    expect(plan).toMatchObject({ reasoning: { id: "qwen3" }, tool: { id: "hermes" }, alwaysThinks: false });
    expect(plan).not.toHaveProperty("presetName");
    // Without it a client could not turn a Qwen3 model's thinking off.
    expect(plan.thinkingKwarg).toBe("enable_thinking");
    expect(resolveModelPlan({ reasoningParser: "deepseek_v41" }).thinkingKwarg).toBe("thinking");
    expect(resolveModelPlan({ reasoningParser: "deepseek_r1" })).toMatchObject({ alwaysThinks: true });
    expect(resolveModelPlan({ reasoningParser: "deepseek_r1" })).not.toHaveProperty("thinkingKwarg");
  });

  it("takes thinking_kwarg over the preset's and the family's, and `none` for no switch", () => {
    expect(resolveModelPlan({ preset: "qwen3.5", thinkingKwarg: "thinking" }).thinkingKwarg).toBe("thinking");
    expect(resolveModelPlan({ reasoningParser: "qwen3", thinkingKwarg: "thinking" }).thinkingKwarg).toBe(
      "thinking",
    );
    expect(resolveModelPlan({ preset: "qwen3.5", thinkingKwarg: "none" })).not.toHaveProperty(
      "thinkingKwarg",
    );
    // A preset without a switch falls back to the family of an overriding reasoning parser.
    expect(resolveModelPlan({ preset: "qwen3-coder", reasoningParser: "qwen3" }).thinkingKwarg).toBe(
      "enable_thinking",
    );
    // A server that parses itself may still take a switch (Qwen3 behind vLLM's own parsers).
    expect(resolveModelPlan({ thinkingKwarg: "enable_thinking" }).thinkingKwarg).toBe("enable_thinking");
  });

  it("with no preset and no parsers, leaves parsing to the server", () => {
    expect(resolveModelPlan({})).toEqual({ alwaysThinks: false });
  });

  it("creates fresh dialect objects per plan", () => {
    expect(resolveModelPlan({ preset: "qwen3" }).reasoning).not.toBe(
      resolveModelPlan({ preset: "qwen3" }).reasoning,
    );
  });
});
