export { DEFAULT_GEMMA4_LIMITS, type Gemma4Limits } from "./gemma4-limits";
export { CALL_CLOSE, CALL_OPEN, QUOTE, TURN_END } from "./gemma4-markers";
export { gemma4ToolDialect } from "./gemma4-tool-dialect";
export { Gemma4ToolParser } from "./gemma4-tool-parser";
