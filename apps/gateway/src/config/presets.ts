import type { ReasoningDialect, ThinkingKwarg, ToolDialect } from "@sluice/core";
import { deepseekR1ReasoningDialect } from "@sluice/reasoning-deepseek-r1";
import { deepseekV41ReasoningDialect } from "@sluice/reasoning-deepseek-v41";
import { qwen3ReasoningDialect } from "@sluice/reasoning-qwen3";
import { hermesToolDialect } from "@sluice/tool-hermes";
import { qwenXmlToolDialect } from "@sluice/tool-qwen-xml";

/** Reasoning parser name (as written in the config) → dialect factory. Adding a dialect: one line here. */
export const REASONING_DIALECTS = {
  qwen3: qwen3ReasoningDialect,
  deepseek_r1: deepseekR1ReasoningDialect,
  deepseek_v41: deepseekV41ReasoningDialect,
} as const satisfies Record<string, () => ReasoningDialect>;

/** Tool parser name (as written in the config) → dialect factory. Adding a dialect: one line here. */
export const TOOL_DIALECTS = {
  qwen_xml: qwenXmlToolDialect,
  hermes: hermesToolDialect,
} as const satisfies Record<string, () => ToolDialect>;

export type ReasoningParserName = keyof typeof REASONING_DIALECTS;
export type ToolParserName = keyof typeof TOOL_DIALECTS;

/**
 * vLLM's names for the dialects implemented here (`--tool-call-parser qwen3_coder`), so a user can write
 * what they pass to the server. Names that are the same on both sides (`qwen3`, `deepseek_r1`, `hermes`)
 * need no entry.
 */
export const TOOL_PARSER_ALIASES = {
  qwen3_coder: "qwen_xml",
  qwen3_xml: "qwen_xml",
} as const satisfies Record<string, ToolParserName>;

export type { ThinkingKwarg };

export interface Preset {
  readonly name: string;
  /** `none`: the model emits no reasoning markup this gateway should parse. */
  readonly reasoningParser: ReasoningParserName | "none";
  readonly toolParser: ToolParserName | "none";
  /** Absent: the template has no switch (thinking is always on, or the model never thinks). */
  readonly thinkingKwarg?: ThinkingKwarg;
}

/** docs/config.md §1 presets, as data: an explicit list, no registration by import side effect. */
export const PRESETS = [
  {
    name: "qwen3",
    reasoningParser: "qwen3",
    toolParser: "hermes",
    thinkingKwarg: "enable_thinking",
  },
  { name: "qwen3-coder", reasoningParser: "none", toolParser: "qwen_xml" },
  {
    name: "qwen3.5",
    reasoningParser: "qwen3",
    toolParser: "qwen_xml",
    thinkingKwarg: "enable_thinking",
  },
  { name: "deepseek-r1", reasoningParser: "deepseek_r1", toolParser: "none" },
  {
    name: "deepseek-v4.1",
    reasoningParser: "deepseek_v41",
    toolParser: "none",
    thinkingKwarg: "thinking",
  },
  { name: "hermes", reasoningParser: "none", toolParser: "hermes" },
] as const satisfies readonly Preset[];

export type PresetName = (typeof PRESETS)[number]["name"];

export const PRESET_NAMES: readonly PresetName[] = PRESETS.map((preset) => preset.name);
export const REASONING_PARSER_NAMES = Object.keys(REASONING_DIALECTS) as ReasoningParserName[];
export const TOOL_PARSER_NAMES = Object.keys(TOOL_DIALECTS) as ToolParserName[];
/** Every name `tool_parser` accepts: ours, then vLLM's. */
export const TOOL_PARSER_ACCEPTED_NAMES = [
  ...TOOL_PARSER_NAMES,
  ...(Object.keys(TOOL_PARSER_ALIASES) as (keyof typeof TOOL_PARSER_ALIASES)[]),
];

/** The preset called `name`, if any. */
export function findPreset(name: string | undefined): Preset | undefined {
  return name === undefined ? undefined : PRESETS.find((preset) => preset.name === name);
}
