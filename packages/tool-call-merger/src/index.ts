export { createToolCallMerger, type ToolCallMerger } from "./create-tool-call-merger";
