export { type DeepseekDsmlOptions, deepseekDsmlToolDialect } from "./deepseek-dsml-tool-dialect";
export { DeepseekDsmlToolParser } from "./deepseek-dsml-tool-parser";
export { DEFAULT_DSML_LIMITS, type DsmlLimits } from "./dsml-limits";
