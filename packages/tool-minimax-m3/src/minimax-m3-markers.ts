/**
 * MiniMax M3's namespace token: one special token (id 200058) in front of every tag of a call block, so the
 * server must keep special tokens for it to reach `content` (docs/dialects.md §3, `minimax_m3`). Text never
 * holds it, which is why it is the dialect's only marker: each one is structural, and the tag after it says what.
 */
export const NAMESPACE = "]<]minimax[>[";
export const BLOCK_TAG = "tool_call";
export const CALL_TAG = "invoke";
