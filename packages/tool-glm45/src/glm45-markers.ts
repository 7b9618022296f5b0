import { createMarkerSet } from "@sluice/core";

export const TOOL_CALL_OPEN = "<tool_call>";
export const TOOL_CALL_CLOSE = "</tool_call>";
export const ARGUMENT_KEY_OPEN = "<arg_key>";
export const ARGUMENT_KEY_CLOSE = "</arg_key>";
export const ARGUMENT_VALUE_OPEN = "<arg_value>";
export const ARGUMENT_VALUE_CLOSE = "</arg_value>";

/** Outside calls: only the opener (a stray close tag in prose is text). */
export const TEXT_MARKERS = createMarkerSet([TOOL_CALL_OPEN]);
/** Between the arguments of a call; `<tool_call>` there means the model skipped `</tool_call>`. */
export const CALL_MARKERS = createMarkerSet([
  ARGUMENT_KEY_OPEN,
  ARGUMENT_VALUE_OPEN,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
]);
/** Inside a value: the tags that may close it, and the literal openers that nest (a file of GLM markup). */
export const VALUE_MARKERS = createMarkerSet([
  ARGUMENT_VALUE_CLOSE,
  ARGUMENT_VALUE_OPEN,
  TOOL_CALL_CLOSE,
  TOOL_CALL_OPEN,
]);

/** Every marker both layouts read, for the docs. */
export const GLM_MARKERS = [
  TOOL_CALL_OPEN,
  ARGUMENT_KEY_OPEN,
  ARGUMENT_KEY_CLOSE,
  ARGUMENT_VALUE_OPEN,
  ARGUMENT_VALUE_CLOSE,
  TOOL_CALL_CLOSE,
];
