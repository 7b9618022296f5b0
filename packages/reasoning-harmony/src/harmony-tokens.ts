/**
 * The harmony format's special tokens (o200k_harmony ids 200002–200012, docs/dialects.md §1 `harmony`): they reach
 * `content` only when the server keeps special tokens (`skip_special_tokens: false`) or leaves harmony unparsed
 * (llama.cpp with `--reasoning-format none`).
 */
export const START = "<|start|>";
export const END = "<|end|>";
export const MESSAGE = "<|message|>";
export const CHANNEL = "<|channel|>";
export const CONSTRAIN = "<|constrain|>";
/** Stop tokens: an engine that stops on them leaves them out of the text; SGLang's fixtures keep them. */
export const RETURN = "<|return|>";
export const CALL = "<|call|>";

export const HARMONY_TOKENS: readonly string[] = [START, CHANNEL, MESSAGE, END, CONSTRAIN, RETURN, CALL];

/**
 * The prompt ends `<|start|>assistant`, so a message whose recipient sits in the role header begins the output
 * with it: ` to=functions.NAME<|channel|>commentary …` (llama.cpp's test "tool calling in role header").
 */
export const ROLE_RECIPIENT = " to=";
