export { DEEPSEEK_V31_GRAMMAR } from "./deepseek-v31-grammar";
export {
  CALL_BEGIN,
  CALL_END,
  CALLS_BEGIN,
  CALLS_END,
  END_OF_SENTENCE,
  TOOL_SEP,
} from "./deepseek-v31-markers";
export { deepseekV31ToolDialect } from "./deepseek-v31-tool-dialect";
export { DeepseekV31ToolParser } from "./deepseek-v31-tool-parser";
export { readDeepseekV31Header } from "./read-deepseek-v31-header";
