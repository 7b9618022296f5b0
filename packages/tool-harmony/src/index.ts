export { harmonyToolDialect } from "./harmony-tool-dialect";
export { MAX_TRAILING_RAW, MAX_WHITESPACE_BEFORE_ARGUMENTS } from "./harmony-tool-limits";
export { HarmonyToolParser } from "./harmony-tool-parser";
