// DeepSeek's markers, exactly: full-width `｜` (U+FF5C) and `▁` (U+2581), as DeepSeek's tokenizer defines them.
export const CALLS_BEGIN = "<\uff5ctool\u2581calls\u2581begin\uff5c>";
export const CALLS_END = "<\uff5ctool\u2581calls\u2581end\uff5c>";
export const CALL_BEGIN = "<\uff5ctool\u2581call\u2581begin\uff5c>";
export const CALL_END = "<\uff5ctool\u2581call\u2581end\uff5c>";
export const TOOL_SEP = "<\uff5ctool\u2581sep\uff5c>";
export const END_OF_SENTENCE = "<\uff5cend\u2581of\u2581sentence\uff5c>";
/** V3 writes the arguments in a Markdown fence: `NAME\n```json\n{…}\n``` `. */
export const FENCE = "```";
export const FENCE_LANGUAGE = "json";
