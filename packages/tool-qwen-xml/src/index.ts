export { type CallStartMatch, matchCallStart } from "./call-start";
export { DEFAULT_QWEN_XML_LIMITS, type QwenXmlLimits } from "./qwen-xml-limits";
export { type QwenXmlOptions, qwenXmlToolDialect } from "./qwen-xml-tool-dialect";
export { QwenXmlToolParser } from "./qwen-xml-tool-parser";
export { seedOssToolDialect } from "./seed-oss-tool-dialect";
