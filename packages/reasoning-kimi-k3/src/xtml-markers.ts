/**
 * Kimi K3's four control tokens (docs/dialects.md §3, kimi_k3): every XTML tag is `<|open|>NAME attrs<|sep|>` or
 * `<|close|>NAME<|sep|>`, and `<|end_of_msg|>` ends generation. They are special tokens, so they reach `content` only
 * with `skip_special_tokens: false` and `spaces_between_special_tokens: false`; tag names and attributes are text.
 */
export const XTML_OPEN = "<|open|>";
export const XTML_CLOSE = "<|close|>";
export const XTML_SEP = "<|sep|>";
export const XTML_END_OF_MSG = "<|end_of_msg|>";

/** A tag as the template writes it: `<|open|>think<|sep|>`, `<|close|>response<|sep|>`. */
export const openTag = (name: string): string => `${XTML_OPEN}${name}${XTML_SEP}`;
export const closeTag = (name: string): string => `${XTML_CLOSE}${name}${XTML_SEP}`;
