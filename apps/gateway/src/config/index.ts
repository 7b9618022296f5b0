export { compileGlob } from "./compile-glob";
export {
  type Config,
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_MAX_ANSWER_BYTES,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_INFLIGHT_BODY_BYTES,
  DEFAULT_PORT,
  type ModelConfig,
  type ReasoningField,
  type ServerConfig,
  type ThinkingPolicy,
  type UpstreamConfig,
} from "./config";
export { ConfigError } from "./config-error";
export { type ConfigFile, ConfigFileSchema } from "./config-file-schema";
export {
  acceptedNames,
  DIALECTS,
  findReasoningDialect,
  findToolDialect,
  REASONING_DIALECTS,
  TOOL_DIALECTS,
} from "./dialect-registry";
export { loadConfig } from "./load-config";
export { createModelRouter, type ModelRouter, type RoutedModel } from "./model-router";
export { type Environment, parseConfig } from "./parse-config";
export { findPreset, PRESET_NAMES, PRESETS, type Preset, type ThinkingKwarg } from "./presets";
export { type ModelPlan, resolveModelPlan } from "./resolve-model-plan";
export { type ThinkingRequest, type ThinkingSetting, thinkingEnabled } from "./thinking-enabled";
