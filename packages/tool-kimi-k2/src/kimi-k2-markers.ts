/** Kimi K2's tool-call markers (special tokens: they reach the text only with `skip_special_tokens: false`). */
export const SECTION_BEGIN = "<|tool_calls_section_begin|>";
export const SECTION_END = "<|tool_calls_section_end|>";
// The singular spelling some Kimi outputs use (vLLM's kimi_k2 parser accepts it too).
export const SECTION_BEGIN_SINGULAR = "<|tool_call_section_begin|>";
export const SECTION_END_SINGULAR = "<|tool_call_section_end|>";
export const CALL_BEGIN = "<|tool_call_begin|>";
export const ARGUMENT_BEGIN = "<|tool_call_argument_begin|>";
export const CALL_END = "<|tool_call_end|>";
