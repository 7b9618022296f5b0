export { type CallStartMatch, matchCallStart } from "./call-start";
export { DEFAULT_MINIMAX_M2_LIMITS, type MinimaxM2Limits } from "./minimax-m2-limits";
export { minimaxM2ToolDialect } from "./minimax-m2-tool-dialect";
export { MinimaxM2ToolParser } from "./minimax-m2-tool-parser";
