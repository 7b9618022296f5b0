import type { Upstream } from "../../src/upstream/upstream";

/** The `data:` payloads of an SSE byte stream: a tiny reader, enough for the demo's well-formed output. */
export function sseData(bytes: Uint8Array[]): string[] {
  const decoder = new TextDecoder();
  const text = bytes.map((chunk) => decoder.decode(chunk, { stream: true })).join("") + decoder.decode();
  if (!text.endsWith("\n\n")) throw new Error("the stream does not end with a blank line");
  const payloads: string[] = [];
  for (const event of text.slice(0, -2).split("\n\n")) {
    const lines = event.split("\n");
    for (const line of lines) {
      if (!line.startsWith("data: ")) throw new Error(`not an SSE data line: ${JSON.stringify(line)}`);
    }
    payloads.push(lines.map((line) => line.slice("data: ".length)).join("\n"));
  }
  return payloads;
}

export interface ChatChunk {
  readonly id: string;
  readonly object: string;
  readonly model: string;
  readonly choices: Array<{
    readonly index: number;
    readonly delta: { readonly role?: string; readonly content?: string };
    readonly finish_reason: string | null;
  }>;
  readonly usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

export interface DemoRun {
  readonly status: number;
  readonly chunks: ChatChunk[];
  /** Every non-empty `delta.content`, one per token. */
  readonly contentChunks: string[];
  readonly content: string;
  readonly finishReason: string | null;
  readonly usage: ChatChunk["usage"];
  readonly endedWithDone: boolean;
}

/** Sends `body` to the demo and reads the whole answer. */
export async function runDemo(upstream: Upstream, body: Record<string, unknown>): Promise<DemoRun> {
  const response = await upstream.send({ body, signal: new AbortController().signal });
  const bytes: Uint8Array[] = [];
  for await (const chunk of response.body) bytes.push(chunk);
  const payloads = sseData(bytes);
  const endedWithDone = payloads[payloads.length - 1] === "[DONE]";
  const chunks = payloads
    .filter((payload) => payload !== "[DONE]")
    .map((payload) => JSON.parse(payload) as ChatChunk);
  const contentChunks: string[] = [];
  let finishReason: string | null = null;
  let usage: ChatChunk["usage"];
  for (const chunk of chunks) {
    for (const choice of chunk.choices) {
      if (choice.delta.content) contentChunks.push(choice.delta.content);
      if (choice.finish_reason !== null) finishReason = choice.finish_reason;
    }
    if (chunk.usage) usage = chunk.usage;
  }
  return {
    status: response.status,
    chunks,
    contentChunks,
    content: contentChunks.join(""),
    finishReason,
    usage,
    endedWithDone,
  };
}
