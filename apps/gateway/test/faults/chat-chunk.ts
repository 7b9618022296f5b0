export interface ChatChunkFields {
  readonly content?: string;
  readonly finishReason?: string;
}

/** One vLLM-style `chat.completion.chunk` payload (the JSON of a `data:` line). */
export function chatChunk(fields: ChatChunkFields): string {
  const delta = fields.content === undefined ? {} : { content: fields.content };
  return JSON.stringify({
    id: "chatcmpl-fault",
    object: "chat.completion.chunk",
    created: 1764700000,
    model: "fault",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: fields.finishReason ?? null }],
  });
}
