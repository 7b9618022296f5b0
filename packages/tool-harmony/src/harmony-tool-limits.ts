/**
 * Whitespace a call's body may hold before the `{` that confirms it: the model writes the object right after
 * `<|message|>`, a server may pad special tokens with a space or two. Past this, the message is not a call.
 */
export const MAX_WHITESPACE_BEFORE_ARGUMENTS = 64;
/** How much of the text after a call's object the warning that reports it keeps. */
export const MAX_TRAILING_RAW = 256;
