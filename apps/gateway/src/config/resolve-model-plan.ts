import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import type { ModelConfig } from "./config";
import { findPreset, REASONING_DIALECTS, type ThinkingKwarg, TOOL_DIALECTS } from "./presets";

/** What the gateway does for one model: which dialects parse raw content and how thinking is requested. */
export interface ModelPlan {
  readonly reasoning?: ReasoningDialect;
  readonly tool?: ToolDialect;
  readonly thinkingKwarg?: ThinkingKwarg;
  readonly alwaysThinks: boolean;
  readonly presetName?: string;
}

/**
 * The model's preset with its per-model `reasoning_parser` / `tool_parser` overrides applied
 * (`none` = no dialect). No preset and no parsers: a server that parses itself.
 */
export function resolveModelPlan(
  model: Pick<ModelConfig, "preset" | "reasoningParser" | "toolParser">,
): ModelPlan {
  const preset = findPreset(model.preset);
  const reasoningName = model.reasoningParser ?? preset?.reasoningParser ?? "none";
  const toolName = model.toolParser ?? preset?.toolParser ?? "none";
  return {
    ...(reasoningName === "none" ? {} : { reasoning: REASONING_DIALECTS[reasoningName]() }),
    ...(toolName === "none" ? {} : { tool: TOOL_DIALECTS[toolName]() }),
    ...(preset?.thinkingKwarg === undefined ? {} : { thinkingKwarg: preset.thinkingKwarg }),
    alwaysThinks: preset?.alwaysThinks ?? false,
    ...(preset === undefined ? {} : { presetName: preset.name }),
  };
}
