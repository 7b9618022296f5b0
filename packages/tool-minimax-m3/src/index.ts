export { DEFAULT_MINIMAX_M3_LIMITS, type MinimaxM3Limits } from "./minimax-m3-limits";
export { NAMESPACE } from "./minimax-m3-markers";
export { minimaxM3ToolDialect } from "./minimax-m3-tool-dialect";
export { MinimaxM3ToolParser } from "./minimax-m3-tool-parser";
