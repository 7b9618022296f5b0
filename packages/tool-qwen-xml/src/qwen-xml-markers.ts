export const TOOL_CALL_OPEN = "<tool_call>";
export const TOOL_CALL_CLOSE = "</tool_call>";
export const FUNCTION_OPEN = "<function=";
export const FUNCTION_CLOSE = "</function>";
export const PARAMETER_OPEN = "<parameter=";
/** `</parameter>` and its drifted forms (`</parameter1>`, `</parameter` + newline, t045–t047) share this prefix. */
export const PARAMETER_CLOSE_PREFIX = "</parameter";

/**
 * The block a dialect wraps each call in, and the dialect's id the grammar reports: qwen_xml's `<tool_call>`, or
 * Seed-OSS's `<seed:tool_call>` around the same body (docs/dialects.md §2, seed_oss).
 */
export interface QwenXmlBlock {
  readonly dialect: string;
  readonly open: string;
  readonly close: string;
}

export const QWEN_XML_BLOCK: QwenXmlBlock = {
  dialect: "qwen_xml",
  open: TOOL_CALL_OPEN,
  close: TOOL_CALL_CLOSE,
};
export const SEED_OSS_BLOCK: QwenXmlBlock = {
  dialect: "seed_oss",
  open: "<seed:tool_call>",
  close: "</seed:tool_call>",
};
