/** Mistral's tool-call special tokens (kept in content only with `skip_special_tokens: false`). */
export const TOOL_CALLS = "[TOOL_CALLS]";
export const ARGS = "[ARGS]";
export const CALL_ID = "[CALL_ID]";
