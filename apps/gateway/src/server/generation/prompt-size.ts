/** What a chat request's prompt is made of, measured without a tokenizer. */
export interface PromptSize {
  /** UTF-8 bytes of the messages and tools as JSON, images left out. */
  readonly bytes: number;
  readonly messages: number;
  readonly tools: number;
  /** `image_url` parts: their tokens depend on pixels, not on the URL's bytes. */
  readonly images: number;
}

// A byte-level BPE token (Qwen, DeepSeek, GLM, Kimi, MiniMax, Llama 3) is at least one byte, and the JSON
// carries more than the template renders of each message ({"role":…,"content":…}); what the template adds
// itself is bounded by these: its markers around each message and tool, its tool preamble and
// generation prompt, and an image at a vision encoder's largest.
const BOUND_PER_MESSAGE = 16;
const BOUND_PER_TOOL = 32;
const BOUND_TEMPLATE = 1024;
const BOUND_PER_IMAGE = 16_384;
// Three bytes a token over-counts English (four to five) and code, and matches CJK text in a large
// vocabulary; digit runs and dense JSON can take more tokens, which a server's refusal then corrects.
const ESTIMATE_BYTES_PER_TOKEN = 3;
const ESTIMATE_PER_IMAGE = 2048;

export function promptSize(body: Readonly<Record<string, unknown>>): PromptSize {
  let images = 0;
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const tools = Array.isArray(body.tools) ? body.tools : [];
  const json = JSON.stringify({ messages, tools }, (key, value: unknown) => {
    if (key === "image_url" && typeof (value as { url?: unknown } | null)?.url === "string") {
      images += 1;
      return "";
    }
    return value;
  });
  return { bytes: Buffer.byteLength(json), messages: messages.length, tools: tools.length, images };
}

/** At least the prompt's tokens, whatever the tokenizer: below it, no count is needed. */
export function promptTokenBound(size: PromptSize): number {
  return (
    size.bytes +
    BOUND_PER_MESSAGE * size.messages +
    BOUND_PER_TOOL * size.tools +
    BOUND_PER_IMAGE * size.images +
    BOUND_TEMPLATE
  );
}

/** The prompt's tokens when the server cannot count them (no /tokenize): a conservative estimate. */
export function estimatePromptTokens(size: PromptSize): number {
  return (
    Math.ceil(size.bytes / ESTIMATE_BYTES_PER_TOKEN) +
    BOUND_PER_MESSAGE * size.messages +
    BOUND_PER_TOOL * size.tools +
    ESTIMATE_PER_IMAGE * size.images +
    BOUND_TEMPLATE
  );
}
