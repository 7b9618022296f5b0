/**
 * The longest header (from `<|start|>` or `<|channel|>` to `<|message|>`) a harmony reader holds. The longest real
 * one is `<|start|>assistant to=functions.NAME<|channel|>commentary <|constrain|>json`, about 70 characters plus the
 * name (MCP names run to 64 and more): a header past this is not one, and its text goes on as text with a warning,
 * so a stray `<|channel|>` never makes the reader hold the rest of the stream.
 */
export const MAX_HEADER_LENGTH = 512;
