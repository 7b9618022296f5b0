export { findTopLevelValue, type ValueSpan } from "./find-top-level-value";
export { hermesToolDialect } from "./hermes-tool-dialect";
export { HermesToolParser } from "./hermes-tool-parser";
export { type HermesCallResult, parseHermesCall } from "./parse-hermes-call";
