import { describe, expect, it } from "vitest";
import {
  findPreset,
  findReasoningDialect,
  findToolDialect,
  PRESET_NAMES,
  PRESETS,
  resolveModelPlan,
} from "../../src/config";

describe("presets (docs/config.md §1)", () => {
  it("lists the documented presets", () => {
    expect(PRESET_NAMES).toEqual(PRESETS.map((preset) => preset.name));
    expect(new Set(PRESET_NAMES).size).toBe(PRESET_NAMES.length);
  });

  it.each(PRESETS.map((preset) => [preset.name, preset] as const))(
    "%s resolves to the registry's dialects and its thinking switch",
    (name, preset) => {
      const plan = resolveModelPlan({ preset: name });
      expect(plan.presetName).toBe(name);
      expect(plan.reasoning?.id ?? "none").toBe(preset.reasoningParser);
      expect(plan.tool?.id ?? "none").toBe(preset.toolParser);
      expect(plan.thinkingKwarg).toBe(preset.thinkingKwarg ?? plan.reasoning?.thinkingKwarg);
      expect(plan.alwaysThinks).toBe(plan.reasoning?.alwaysThinks ?? false);
    },
  );

  it("refers only to dialects in the registry", () => {
    for (const preset of PRESETS) {
      if (preset.reasoningParser !== "none")
        expect(findReasoningDialect(preset.reasoningParser)?.id, preset.name).toBe(preset.reasoningParser);
      if (preset.toolParser !== "none")
        expect(findToolDialect(preset.toolParser)?.id, preset.name).toBe(preset.toolParser);
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
    expect(resolveModelPlan({})).toEqual({ alwaysThinks: false, thinksByDefault: false });
  });

  it("shares the registry's stateless descriptors (each stream makes its own parser)", () => {
    expect(resolveModelPlan({ preset: "qwen3" }).reasoning).toBe(findReasoningDialect("qwen3"));
  });
});

describe("resolveModelPlan: what a template does when the request sets no switch", () => {
  it("thinks by default when the family has a reasoning dialect, except DeepSeek V3.1/V3.2", () => {
    expect(resolveModelPlan({ preset: "qwen3.5" }).thinksByDefault).toBe(true);
    expect(resolveModelPlan({ preset: "kimi-k2.5" }).thinksByDefault).toBe(true);
    expect(resolveModelPlan({ preset: "deepseek-v4" }).thinksByDefault).toBe(true);
    expect(resolveModelPlan({ preset: "deepseek-v3.1" }).thinksByDefault).toBe(false);
    expect(resolveModelPlan({ preset: "deepseek-v3.2" }).thinksByDefault).toBe(false);
    expect(resolveModelPlan({ preset: "kimi-k2" }).thinksByDefault).toBe(false);
    expect(resolveModelPlan({ reasoningParser: "qwen3" }).thinksByDefault).toBe(true);
  });
});
