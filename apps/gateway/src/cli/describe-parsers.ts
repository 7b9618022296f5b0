import type { ModelConfig } from "../config/config";
import { findPreset } from "../config/presets";

/** `preset qwen3.5 (reasoning qwen3, tools qwen_xml)`, the per-model overrides applied, or `no parsers (…)`. */
export function describeParsers(model: ModelConfig): string {
  const preset = findPreset(model.preset);
  const reasoning = model.reasoningParser ?? preset?.reasoningParser ?? "none";
  const tools = model.toolParser ?? preset?.toolParser ?? "none";
  const parsers = `reasoning ${reasoning}, tools ${tools}`;
  if (preset !== undefined) return `preset ${preset.name} (${parsers})`;
  if (reasoning === "none" && tools === "none") return "no parsers (the server parses itself)";
  return parsers;
}
