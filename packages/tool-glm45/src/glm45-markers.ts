export const TOOL_CALL_OPEN = "<tool_call>";
export const TOOL_CALL_CLOSE = "</tool_call>";
export const ARGUMENT_KEY_OPEN = "<arg_key>";
export const ARGUMENT_KEY_CLOSE = "</arg_key>";
export const ARGUMENT_VALUE_OPEN = "<arg_value>";
export const ARGUMENT_VALUE_CLOSE = "</arg_value>";

/** Every marker both layouts read, for the docs. */
export const GLM_MARKERS = [
  TOOL_CALL_OPEN,
  ARGUMENT_KEY_OPEN,
  ARGUMENT_KEY_CLOSE,
  ARGUMENT_VALUE_OPEN,
  ARGUMENT_VALUE_CLOSE,
  TOOL_CALL_CLOSE,
];
