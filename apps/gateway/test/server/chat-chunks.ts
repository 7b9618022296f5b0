/**
 * Upstream chat-completion SSE payloads written by hand, as a model server streams them: one `data:`
 * payload per entry, for a scripted upstream's `payloads`. Shared by the gateway tests and the e2e runs.
 */

export interface ChunkOptions {
  /** The upstream model named in each chunk. */
  readonly model?: string;
  /** The last chunk's usage. */
  readonly usage?: { readonly prompt: number; readonly completion: number };
}

const DEFAULT_USAGE = { prompt: 900, completion: 60 };

/** One `chat.completion.chunk` with one choice. */
export function chatChunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  options: ChunkOptions = {},
): string {
  return JSON.stringify({
    id: "chatcmpl-scripted",
    object: "chat.completion.chunk",
    ...(options.model === undefined ? {} : { model: options.model }),
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  });
}

/** The usage chunk `stream_options.include_usage` asks for: no choices. */
export function usageChunk(options: ChunkOptions = {}): string {
  const { prompt, completion } = options.usage ?? DEFAULT_USAGE;
  return JSON.stringify({
    id: "chatcmpl-scripted",
    object: "chat.completion.chunk",
    ...(options.model === undefined ? {} : { model: options.model }),
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  });
}

/** Small pieces, as servers stream tokens: markup tags end up split across chunks. */
export function textPieces(text: string, size = 4): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

/** A raw server (no parsers): everything the model wrote in `content`, then `stop`, usage and `[DONE]`. */
export function rawStream(content: string, options: ChunkOptions = {}): string[] {
  return [
    chatChunk({ role: "assistant", content: "" }, null, options),
    ...textPieces(content).map((piece) => chatChunk({ content: piece }, null, options)),
    chatChunk({}, "stop", options),
    usageChunk(options),
    "[DONE]",
  ];
}
