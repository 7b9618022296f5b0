import type { ReasoningDialect, ToolDialect } from "@sluice/core";
import type { ModelConfig } from "./config";
import { findReasoningDialect, findToolDialect } from "./dialect-registry";
import { findPreset, type ThinkingKwarg } from "./presets";
import type { TemplateRules } from "./template-rules";

/** What the gateway does for one model: which dialects parse raw content and how thinking is requested. */
export interface ModelPlan {
  readonly reasoning?: ReasoningDialect;
  readonly tool?: ToolDialect;
  /** The template switch sent upstream (`chat_template_kwargs.<kwarg>`); absent: none is sent. */
  readonly thinkingKwarg?: ThinkingKwarg;
  /** The family thinks whatever the request says (its reasoning dialect always starts in reasoning). */
  readonly alwaysThinks: boolean;
  /** Whether the template thinks when the request sets no switch (an OpenAI client that says nothing). */
  readonly thinksByDefault: boolean;
  /** What the dialects' markers need in the upstream request (`skip_special_tokens: false` …). */
  readonly requestFields?: Readonly<Record<string, unknown>>;
  /** How past calls' ids go upstream, when the tool dialect's template wants its own (Kimi). */
  readonly historyToolCallId?: (name: string, index: number) => string;
  /** What the family's chat template requires of the request and where it leaves the model (the preset's). */
  readonly template?: TemplateRules;
  readonly presetName?: string;
}

/**
 * The model's preset with its per-model `reasoning_parser` / `tool_parser` overrides applied
 * (`none` = no dialect). No preset and no parsers: a server that parses itself. The thinking switch is
 * the model's `thinking_kwarg`, else the preset's, else the reasoning dialect's family default — so
 * `reasoning_parser: qwen3` alone still lets a client turn thinking off.
 */
export function resolveModelPlan(
  model: Pick<ModelConfig, "preset" | "reasoningParser" | "toolParser" | "thinkingKwarg">,
): ModelPlan {
  const preset = findPreset(model.preset);
  const reasoningName = model.reasoningParser ?? preset?.reasoningParser ?? "none";
  const toolName = model.toolParser ?? preset?.toolParser ?? "none";
  const reasoning = reasoningName === "none" ? undefined : findReasoningDialect(reasoningName);
  const tool = toolName === "none" ? undefined : findToolDialect(toolName);
  const kwarg = model.thinkingKwarg ?? preset?.thinkingKwarg ?? reasoning?.thinkingKwarg ?? "none";
  const requestFields = { ...reasoning?.requestFields, ...tool?.requestFields };
  return {
    ...(reasoning === undefined ? {} : { reasoning }),
    ...(tool === undefined ? {} : { tool }),
    ...(kwarg === "none" ? {} : { thinkingKwarg: kwarg }),
    alwaysThinks: reasoning?.alwaysThinks ?? false,
    thinksByDefault: preset?.thinksByDefault ?? reasoning !== undefined,
    ...(Object.keys(requestFields).length === 0 ? {} : { requestFields }),
    ...(tool?.historyToolCallId === undefined ? {} : { historyToolCallId: tool.historyToolCallId }),
    ...(preset?.template === undefined ? {} : { template: preset.template }),
    ...(preset === undefined ? {} : { presetName: preset.name }),
  };
}
