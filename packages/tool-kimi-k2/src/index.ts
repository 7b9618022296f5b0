export { kimiK2ToolDialect } from "./kimi-k2-tool-dialect";
