/** Gemma 4's tool-call markup (special tokens: the server must keep them for them to reach content). */
export const CALL_OPEN = "<|tool_call>";
export const CALL_CLOSE = "<tool_call|>";
/** The string delimiter: strings sit between two of these, with no escaping inside. */
export const QUOTE = '<|"|>';
/** The end of the model's turn: a call's close where the model left out `<tool_call|>`, else dropped at the end. */
export const TURN_END = "<turn|>";
/** The thought channel's close: a bare `call:NAME{…}` glued to it is a call (vLLM's fallback tier). */
export const CHANNEL_CLOSE = "<channel|>";
/** `<call>NAME{…}`: the opener as fragmented tokens (seen with multimodal input). */
export const FRAGMENT_OPEN = "<call>";
/** What follows the opener before the name. */
export const CALL_PREFIX = "call:";
