// The markers as MiniMax M2's chat template writes them, exactly as text (none is a special token).
export const BLOCK_OPEN = "<minimax:tool_call>";
export const BLOCK_CLOSE = "</minimax:tool_call>";
export const INVOKE_OPEN = "<invoke name=";
export const INVOKE_CLOSE = "</invoke>";
export const PARAMETER_OPEN = "<parameter name=";
export const PARAMETER_CLOSE = "</parameter>";
