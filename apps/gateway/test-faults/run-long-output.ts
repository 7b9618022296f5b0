import type { ScriptedReply } from "../test/server/scripted-upstream";
import { readProcessUsage } from "./read-process-usage";

/** A route and whether the client streams: each long-output case. */
export interface LongOutputCase {
  readonly surface: "Anthropic Messages" | "OpenAI Chat Completions" | "OpenAI Responses";
  readonly stream: boolean;
}

export interface LongOutputResult {
  readonly case: LongOutputCase;
  /** What the client got: the status and how the answer ended. */
  readonly outcome: string;
  readonly clientBytes: number;
  readonly rssBeforeBytes: number;
  /** The gateway's VmHWM after the case; the process served nothing else. */
  readonly peakRssBytes: number;
  readonly problems: readonly string[];
}

export const LONG_OUTPUT_CASES: readonly LongOutputCase[] = [true, false].flatMap((stream) =>
  (["Anthropic Messages", "OpenAI Chat Completions", "OpenAI Responses"] as const).map((surface) => ({
    surface,
    stream,
  })),
);

const PIECE = "thinking about it, ".repeat(27);

/**
 * A Qwen3.5 answer (raw, the gateway parses it) of `bytes` of reasoning in chunks of about 500
 * characters, then a short text and its end; generated as it is written, never held whole.
 */
export function longOutputReply(bytes: number): ScriptedReply {
  const chunks = Math.ceil(bytes / PIECE.length);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    JSON.stringify({
      id: "chatcmpl-long",
      object: "chat.completion.chunk",
      created: 1764700000,
      model: "long",
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const reasoning = chunk({ content: PIECE });
  return {
    endless: (index) => {
      if (index < chunks) return reasoning;
      if (index === chunks) return chunk({ content: "</think>\n\nDone thinking." });
      if (index === chunks + 1) return chunk({}, "stop");
      return index === chunks + 2 ? "[DONE]" : undefined;
    },
  };
}

const REQUESTS: { readonly [Surface in LongOutputCase["surface"]]: (stream: boolean) => [string, unknown] } =
  {
    "Anthropic Messages": (stream) => [
      "/v1/messages",
      {
        model: "long",
        max_tokens: 4096,
        stream,
        thinking: { type: "enabled", budget_tokens: 2048 },
        messages: [{ role: "user", content: "Think it over." }],
      },
    ],
    "OpenAI Chat Completions": (stream) => [
      "/v1/chat/completions",
      { model: "long", stream, messages: [{ role: "user", content: "Think it over." }] },
    ],
    "OpenAI Responses": (stream) => ["/v1/responses", { model: "long", stream, input: "Think it over." }],
  };

// How each case must end: a stream that is passed on reaches its end; an answer held whole stops at
// server.max_answer_bytes (a 502 before any byte, or the Responses stream's error and response.failed).
const EXPECTED: { readonly [Surface in LongOutputCase["surface"]]: readonly [string, string] } = {
  "Anthropic Messages": ["200, ended with message_stop", "502 answer too large"],
  "OpenAI Chat Completions": ["200, ended with data: [DONE]", "502 answer too large"],
  "OpenAI Responses": ["200, ended with response.failed (answer too large)", "502 answer too large"],
};

/**
 * One long answer through the gateway process `pid` at `origin`, read to its end as a client would
 * (keeping only its tail), and the process's peak resident memory after it.
 */
export async function runLongOutput(
  origin: string,
  pid: number,
  longCase: LongOutputCase,
  deadline: number,
): Promise<LongOutputResult> {
  const rssBeforeBytes = readProcessUsage(pid).rssBytes;
  const [path, body] = REQUESTS[longCase.surface](longCase.stream);
  let clientBytes = 0;
  let outcome: string;
  try {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
    });
    const decoder = new TextDecoder();
    let tail = "";
    let lastEvent = "";
    for await (const chunk of response.body ?? []) {
      clientBytes += chunk.byteLength;
      // The last `event:` line, looked for with what ended the previous read (a line cut between reads).
      const text = tail.slice(-64) + decoder.decode(chunk, { stream: true });
      for (const match of text.matchAll(EVENT_LINE)) lastEvent = match[1] as string;
      tail = (tail + text.slice(Math.min(64, tail.length))).slice(-4096);
    }
    outcome = describe(response.status, lastEvent, tail);
  } catch (error) {
    outcome = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  }
  const expected = EXPECTED[longCase.surface][longCase.stream ? 0 : 1];
  return {
    case: longCase,
    outcome,
    clientBytes,
    rssBeforeBytes,
    peakRssBytes: readProcessUsage(pid).peakRssBytes,
    problems: outcome === expected ? [] : [`got "${outcome}", expected "${expected}"`],
  };
}

const EVENT_LINE = /^event: ([\w.]+)$/gm;

/** The answer in a few words, from its status, its last SSE event name and its last bytes. */
function describe(status: number, lastEvent: string, tail: string): string {
  const tooLarge = tail.includes("server.max_answer_bytes");
  if (status !== 200) return tooLarge ? `${status} answer too large` : `${status}: ${tail.slice(0, 200)}`;
  if (tail.trimEnd().endsWith("data: [DONE]")) return "200, ended with data: [DONE]";
  if (lastEvent === "") return `200, ended without an event: …${tail.slice(-200)}`;
  return `200, ended with ${lastEvent}${tooLarge ? " (answer too large)" : ""}`;
}
