export { kimiFunctionName } from "./kimi-function-name";
export { KIMI_K2_GRAMMAR } from "./kimi-k2-grammar";
export { kimiK2ToolDialect } from "./kimi-k2-tool-dialect";
export { KimiK2ToolParser } from "./kimi-k2-tool-parser";
export { readKimiK2Header } from "./read-kimi-k2-header";
