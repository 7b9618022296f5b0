export { deepseekV31ToolDialect } from "./deepseek-v31-tool-dialect";
