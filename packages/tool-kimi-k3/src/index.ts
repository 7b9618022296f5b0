export { type JsonBody, readJsonBody } from "./json-body";
export { kimiK3ToolDialect } from "./kimi-k3-tool-dialect";
export { KimiK3ToolParser } from "./kimi-k3-tool-parser";
export { ModelTypedValue } from "./model-typed-value";
