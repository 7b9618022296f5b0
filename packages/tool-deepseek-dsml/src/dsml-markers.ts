import { createMarkerSet } from "@sluice/core";

/** `<｜DSML｜`: full-width bars U+FF5C around `DSML`, one special token (id 128793), research §4.1. */
export const OPEN_PREFIX = "<｜DSML｜";
/** The closing form of every DSML tag. */
export const CLOSE_PREFIX = "</｜DSML｜";
/** DeepSeek's end-of-sentence token, which some engines leave in the text (research §1.1): dropped when trailing. */
export const END_OF_SENTENCE = "<｜end▁of▁sentence｜>";

/** The block's name by version: V3.2 `function_calls`, V4 `tool_calls`, V4.1 `calls` (spaced: `<｜DSML｜ calls>`). */
export const BLOCK_WORDS: readonly string[] = ["function_calls", "tool_calls", "calls"];
export const INVOKE_WORD = "invoke";
export const PARAMETER_WORD = "parameter";
export const TAG_WORDS: readonly string[] = [...BLOCK_WORDS, INVOKE_WORD, PARAMETER_WORD];

/**
 * Every state scans for the same three markers: the tag word after a prefix (with V4.1's space, r091) is read
 * by readDsmlTag, so the spaced and unspaced spellings of every version share one lexer.
 */
export const DSML_MARKERS = createMarkerSet([OPEN_PREFIX, CLOSE_PREFIX, END_OF_SENTENCE]);
