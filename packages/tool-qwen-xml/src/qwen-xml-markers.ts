import { createMarkerSet } from "@sluice/core";

export const TOOL_CALL_OPEN = "<tool_call>";
export const TOOL_CALL_CLOSE = "</tool_call>";
export const FUNCTION_OPEN = "<function=";
export const FUNCTION_CLOSE = "</function>";
export const PARAMETER_OPEN = "<parameter=";
/** `</parameter>` and its drifted forms (`</parameter1>`, `</parameter` + newline, t045–t047) share this prefix. */
export const PARAMETER_CLOSE_PREFIX = "</parameter";

/** Outside a call: the two start forms. */
export const TEXT_MARKERS = createMarkerSet([TOOL_CALL_OPEN, FUNCTION_OPEN]);
/** Right after `</function>`: its `</tool_call>` may still follow (after whitespace). */
export const AFTER_FUNCTION_MARKERS = createMarkerSet([TOOL_CALL_OPEN, FUNCTION_OPEN, TOOL_CALL_CLOSE]);
/** Between the parameters of a call. */
export const FUNCTION_MARKERS = createMarkerSet([PARAMETER_OPEN, FUNCTION_CLOSE, TOOL_CALL_CLOSE]);
/** Inside a value: every tag that may close it, and the literal openers that nest (t026, t028). */
export const VALUE_MARKERS = createMarkerSet([
  PARAMETER_CLOSE_PREFIX,
  PARAMETER_OPEN,
  FUNCTION_CLOSE,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
  FUNCTION_OPEN,
]);
