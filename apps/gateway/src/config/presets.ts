import type { ThinkingKwarg } from "@sluice/core";

export type { ThinkingKwarg };

/** A model family: which dialects parse its raw output, and how its template is told to think. */
export interface Preset {
  readonly name: string;
  /** A reasoning dialect id of the registry, or `none`: the family writes no reasoning markup. */
  readonly reasoningParser: string;
  /** A tool dialect id of the registry, or `none`. */
  readonly toolParser: string;
  /** Absent: the reasoning dialect's own switch (or none: the family always thinks, or never does). */
  readonly thinkingKwarg?: ThinkingKwarg;
  /**
   * What the family's template does when the request sets no switch (OpenAI clients often send none).
   * Absent: it thinks when it has a reasoning dialect (Qwen3, GLM, Kimi K2.5, DeepSeek V4 all default on).
   */
  readonly thinksByDefault?: boolean;
}

/**
 * docs/config.md §1 presets, as data: an explicit list, no registration by import side effect. A new
 * family is one row here (its dialects come from the registry, checked by the contract tests).
 */
export const PRESETS: readonly Preset[] = [
  { name: "qwen3", reasoningParser: "qwen3", toolParser: "hermes", thinkingKwarg: "enable_thinking" },
  { name: "qwen3-coder", reasoningParser: "none", toolParser: "qwen_xml" },
  { name: "qwen3.5", reasoningParser: "qwen3", toolParser: "qwen_xml", thinkingKwarg: "enable_thinking" },
  { name: "deepseek-r1", reasoningParser: "deepseek_r1", toolParser: "none" },
  // V4.1 writes DSML with spaced markers (docs/dialects.md §3).
  {
    name: "deepseek-v4.1",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
  },
  { name: "hermes", reasoningParser: "none", toolParser: "hermes" },
  { name: "glm-4.5", reasoningParser: "qwen3", toolParser: "glm45", thinkingKwarg: "enable_thinking" },
  // Also GLM-5.x.
  { name: "glm-4.7", reasoningParser: "qwen3", toolParser: "glm47", thinkingKwarg: "enable_thinking" },
  // MiniMax always thinks (its template opens `<think>`); a tool block may end the reasoning.
  { name: "minimax-m2", reasoningParser: "deepseek_r1", toolParser: "minimax_m2" },
  {
    name: "deepseek-v3.1",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_v31",
    thinkingKwarg: "thinking",
    // V3.1/V3.2 templates default to `thinking: false` (V4 defaults on).
    thinksByDefault: false,
  },
  {
    name: "deepseek-v3.2",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
    // V3.1/V3.2 templates default to `thinking: false` (V4 defaults on).
    thinksByDefault: false,
  },
  {
    name: "deepseek-v4",
    reasoningParser: "deepseek_v41",
    toolParser: "deepseek_dsml",
    thinkingKwarg: "thinking",
  },
  // K2-Instruct does not think.
  { name: "kimi-k2", reasoningParser: "none", toolParser: "kimi_k2" },
  // K2.5/K2.6: thinking by default, switched with chat_template_kwargs.thinking.
  { name: "kimi-k2.5", reasoningParser: "qwen3", toolParser: "kimi_k2", thinkingKwarg: "thinking" },
];

export const PRESET_NAMES: readonly string[] = PRESETS.map((preset) => preset.name);

/** The preset called `name`, if any. */
export function findPreset(name: string | undefined): Preset | undefined {
  return name === undefined ? undefined : PRESETS.find((preset) => preset.name === name);
}
