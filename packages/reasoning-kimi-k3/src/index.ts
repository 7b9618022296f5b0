export { kimiK3ReasoningDialect } from "./kimi-k3-reasoning-dialect";
export { KimiK3ReasoningParser } from "./kimi-k3-reasoning-parser";
export { decodeAttribute, readXtmlTag, type XtmlTag } from "./read-xtml-tag";
export { DEFAULT_XTML_LIMITS, type XtmlLimits } from "./xtml-limits";
export { closeTag, openTag, XTML_CLOSE, XTML_END_OF_MSG, XTML_OPEN, XTML_SEP } from "./xtml-markers";
