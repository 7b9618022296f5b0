import { boundedJson } from "../translate/bounded-json";
import { estimateChatTokens } from "../translate/estimate-chat-tokens";
import type { ContextWindow } from "../upstream/context-window";
import type { Upstream, UpstreamRequest, UpstreamResponse } from "../upstream/upstream";
import { UpstreamAbortError } from "../upstream/upstream-abort-error";
import { composeDemoReply } from "./compose-demo-reply";
import { createRandom } from "./create-random";
import { readDemoRequest } from "./read-demo-request";
import { splitIntoTokens } from "./split-into-tokens";
import { streamDemoCompletion } from "./stream-demo-completion";

export interface DemoUpstreamOptions {
  /** Pause before each chunk; default 15 ms (a brisk real model). 0 in tests. */
  readonly tokenDelayMs?: number;
  /** The same seed answers the same request the same way. */
  readonly seed?: number;
}

export const DEFAULT_DEMO_TOKEN_DELAY_MS = 15;

/**
 * The window the demo reports, as a vLLM started with `--max-model-len 65536` would: small enough that
 * Claude Code's `max_tokens` (32000 and more) is fitted into it, so the first try shows the gateway
 * learning a window. The demo itself refuses nothing (its answers are short).
 */
export const DEMO_CONTEXT_WINDOW: ContextWindow = { tokens: 65_536, source: "the built-in demo" };

/** Deeper parts of a request do not change the answer's wording (and a 100k-deep schema must not recurse). */
const SALT_DEPTH = 32;

/**
 * An in-process OpenAI-compatible "model" (no HTTP) that answers like vLLM serving Qwen3.5 WITHOUT
 * server-side parsers: raw reasoning markup, text and `qwen_xml` tool calls inside `content`, and
 * `finish_reason: stop` even after a tool call, so the gateway's own parsers do all the work.
 */
export function createDemoUpstream(options: DemoUpstreamOptions = {}): Upstream {
  const tokenDelayMs = options.tokenDelayMs ?? DEFAULT_DEMO_TOKEN_DELAY_MS;
  const seed = options.seed ?? 0;

  return {
    async send(request: UpstreamRequest): Promise<UpstreamResponse> {
      if (request.signal.aborted) throw new UpstreamAbortError();
      const parsed = readDemoRequest(request.body);
      if (typeof parsed === "string") return badRequest(parsed);

      const messages = boundedJson(request.body.messages, SALT_DEPTH);
      const tools = boundedJson(request.body.tools ?? null, SALT_DEPTH);
      const random = createRandom(seed, `${messages}\u0000${tools}`);
      let tokens = splitIntoTokens(composeDemoReply(parsed, random), random);
      let finishReason: "stop" | "length" = "stop";
      if (parsed.maxTokens !== undefined && tokens.length > parsed.maxTokens) {
        tokens = tokens.slice(0, parsed.maxTokens);
        finishReason = "length";
      }
      const hex = (): string => random.int(0, 0xffffffff).toString(16).padStart(8, "0");
      const completion = {
        id: `chatcmpl-${hex()}${hex()}`,
        created: Math.floor(Date.now() / 1000),
        model: parsed.model,
        tokens,
        finishReason,
        promptTokens: parsed.includeUsage ? estimateChatTokens(request.body) : null,
      };
      return {
        status: 200,
        headers: new Headers({ "content-type": "text/event-stream; charset=utf-8" }),
        body: streamDemoCompletion(completion, request.signal, tokenDelayMs),
      };
    },

    async tokenize(body: Record<string, unknown>): Promise<number | undefined> {
      return estimateChatTokens(body);
    },

    async contextWindow(): Promise<ContextWindow> {
      return DEMO_CONTEXT_WINDOW;
    },
  };
}

/** vLLM's error shape, so the gateway's upstream-error mapping is exercised by the demo too. */
function badRequest(message: string): UpstreamResponse {
  const payload = JSON.stringify({ error: { message, type: "BadRequestError", param: null, code: 400 } });
  return {
    status: 400,
    headers: new Headers({ "content-type": "application/json" }),
    body: (async function* () {
      yield new TextEncoder().encode(payload);
    })(),
  };
}
