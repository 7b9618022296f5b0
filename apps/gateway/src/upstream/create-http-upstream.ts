import { Agent, type Dispatcher, getGlobalDispatcher } from "undici";
import { createCallGuard } from "./call-guard";
import type { ContextWindow } from "./context-window";
import { failedOnStaleConnection, watchConnectionReuse } from "./failed-on-stale-connection";
import { learnContextWindow } from "./learn-context-window";
import { postUpstream, type UpstreamReply } from "./post-upstream";
import { readBoundedText } from "./read-bounded-text";
import { readTokenCount } from "./read-token-count";
import { tokenizeUrl } from "./tokenize-url";
import type { Upstream, UpstreamRequest, UpstreamResponse } from "./upstream";

export interface HttpUpstreamOptions {
  /** OpenAI-compatible base URL, e.g. `http://127.0.0.1:8000/v1`. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** `upstream.headers`: sent with every request; `content-type` and the key's `authorization` win over them. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Whole request, headers to last byte; 0 disables. */
  readonly timeoutMs?: number;
  /** Silence while the gateway waits for headers or the next body chunk; 0 disables. */
  readonly idleTimeoutMs?: number;
}

/** The defaults of docs/config.md §1, used when the config leaves them out. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 600_000;
export const DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS = 120_000;

// A /tokenize answer lists every token (vLLM): 16 MiB holds a million-token prompt; more is not read.
const MAX_TOKENIZE_ANSWER_BYTES = 16 * 1024 * 1024;

/** Status codes that mean "this server has no /tokenize", remembered for the upstream's lifetime. */
const TOKENIZE_ABSENT = new Set([404, 405, 501]);

export function createHttpUpstream(options: HttpUpstreamOptions): Upstream {
  const chatUrl = new URL(endpointUrl(options.baseUrl, "/chat/completions"));
  const countUrl = tokenizeUrl(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_UPSTREAM_IDLE_TIMEOUT_MS;
  let tokenizeAbsent = false;
  watchConnectionReuse();

  // Lower-cased once, so a configured `Authorization` and the key's `authorization` cannot both be sent.
  const configuredHeaders = Object.fromEntries(
    Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const headers = (): Record<string, string> => {
    const result: Record<string, string> = { ...configuredHeaders, "content-type": "application/json" };
    if (options.apiKey !== undefined && options.apiKey !== "")
      result.authorization = `Bearer ${options.apiKey}`;
    return result;
  };

  // What messages and logs show: a query string may carry a key (`?api-key=`), so it is left out.
  const shownUrl = new URL(chatUrl);
  shownUrl.search = "";
  shownUrl.hash = "";
  const url = shownUrl.href;
  return {
    url,
    async send(request: UpstreamRequest): Promise<UpstreamResponse> {
      const guard = createCallGuard({ clientSignal: request.signal, timeoutMs, idleTimeoutMs });
      const body = JSON.stringify(request.body);
      // undici's `dispatch`, not `fetch` nor `request`: the same pool and sockets, with no web stream and no
      // Readable around the body, which cost a share of every token (docs/architecture.md §5, the load section).
      const post = (dispatcher: Dispatcher = getGlobalDispatcher()): Promise<UpstreamReply> =>
        postUpstream(dispatcher, chatUrl, headers(), body, guard);
      let reply: UpstreamReply;
      guard.startIdle();
      try {
        if (guard.signal.aborted) throw guard.signal.reason;
        reply = await post().catch((error: unknown) => {
          if (guard.signal.aborted || !failedOnStaleConnection(error)) throw error;
          return postOnFreshConnection(post);
        });
      } catch (error) {
        guard.dispose();
        throw guard.failure(error, url);
      } finally {
        guard.stopIdle();
      }
      return { status: reply.status, headers: reply.headers, url, body: reply.body };
    },

    async tokenize(body: Record<string, unknown>, signal: AbortSignal): Promise<number | undefined> {
      if (tokenizeAbsent) return undefined;
      const payload: Record<string, unknown> = { model: body.model, messages: body.messages };
      if (body.tools !== undefined) payload.tools = body.tools;
      // The template's switches change the rendered prompt (Qwen3 closes an empty think block when off).
      if (body.chat_template_kwargs !== undefined) payload.chat_template_kwargs = body.chat_template_kwargs;
      const guard = createCallGuard({ clientSignal: signal, timeoutMs, idleTimeoutMs });
      guard.startIdle();
      try {
        const response = await fetch(countUrl, {
          method: "POST",
          headers: headers(),
          body: JSON.stringify(payload),
          signal: guard.signal,
          redirect: "manual",
        });
        if (TOKENIZE_ABSENT.has(response.status)) tokenizeAbsent = true;
        if (!response.ok) {
          await response.body?.cancel();
          return undefined;
        }
        // Read bounded: a huge (or compressed) answer must not be held whole; the estimate serves instead.
        const answer = await readBoundedText(response.body, MAX_TOKENIZE_ANSWER_BYTES);
        const count = answer.complete ? readTokenCount(JSON.parse(answer.text)) : undefined;
        // llama.cpp's /tokenize reads `content` only and answers `{"tokens": []}` to a chat request:
        // no rendered prompt is ever empty, so that server has no /tokenize for chats.
        if (count === 0) {
          tokenizeAbsent = true;
          return undefined;
        }
        return count;
      } catch {
        // Network failures and odd bodies fall back to the estimate, but are not remembered: they may pass.
        return undefined;
      } finally {
        guard.dispose();
      }
    },

    contextWindow(model: string, signal: AbortSignal): Promise<ContextWindow | undefined> {
      return learnContextWindow({ baseUrl: options.baseUrl, headers: headers() }, { model, signal });
    },
  };
}

/**
 * The one retry of a request a stale pooled connection lost before it reached the model
 * (`failedOnStaleConnection`): on a connection of its own, since the pool may hold more connections the
 * upstream closed at the same moment. The agent closes once that request is over (its body read or cancelled).
 */
async function postOnFreshConnection(
  post: (dispatcher: Dispatcher) => Promise<UpstreamReply>,
): Promise<UpstreamReply> {
  const fresh = new Agent({ connections: 1 });
  try {
    return await post(fresh);
  } finally {
    fresh.close().catch(() => undefined);
  }
}

/** `base_url` + an endpoint path, keeping a query string the base carries (`?api-version=…`). */
function endpointUrl(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, "")}${path}`;
  return url.href;
}
