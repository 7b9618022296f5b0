export { ARGS, CALL_ID, TOOL_CALLS } from "./mistral-markers";
export { mistralToolCallId, mistralToolDialect } from "./mistral-tool-dialect";
export { MistralToolParser } from "./mistral-tool-parser";
