export { isPlainObject } from "./is-plain-object";
export { isTruncatedJson } from "./is-truncated-json";
export { type ParseJsonOrRepairResult, parseJsonOrRepair } from "./parse-json-or-repair";
export { parseToolArguments, type ToolArgumentsCall, type ToolArgumentsResult } from "./parse-tool-arguments";
export { type RepairJsonResult, repairJson } from "./repair-json";
export { type JsonValueSpan, type JsonValuesScan, scanJsonValues } from "./scan-json-values";
export { splitConcatenatedObjects } from "./split-concatenated-objects";
