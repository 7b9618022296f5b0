export { minimaxM2ToolDialect } from "./minimax-m2-tool-dialect";
