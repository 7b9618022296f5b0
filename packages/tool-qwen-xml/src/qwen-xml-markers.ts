export const TOOL_CALL_OPEN = "<tool_call>";
export const TOOL_CALL_CLOSE = "</tool_call>";
export const FUNCTION_OPEN = "<function=";
export const FUNCTION_CLOSE = "</function>";
export const PARAMETER_OPEN = "<parameter=";
/** `</parameter>` and its drifted forms (`</parameter1>`, `</parameter` + newline, t045–t047) share this prefix. */
export const PARAMETER_CLOSE_PREFIX = "</parameter";
