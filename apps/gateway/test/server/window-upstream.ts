import { rawStream } from "./chat-chunks";
import type { Script, ScriptedReply, ScriptedRequest } from "./scripted-upstream";

/** How a scripted model server tells its context window, as each real server does. */
export type WindowReport =
  /** vLLM and SGLang: `max_model_len` on the model's card in GET /v1/models. */
  | "models"
  /** llama.cpp: `default_generation_settings.n_ctx` in GET /props. */
  | "props"
  /** Ollama: `num_ctx` in POST /api/show's `parameters` (the model not loaded: /api/ps lists nothing). */
  | "ollama"
  /** A server (or a proxy in front of one) that says nothing. */
  | "nothing";

export interface WindowServerOptions {
  /** The upstream model id it serves. */
  readonly model: string;
  readonly window: number;
  readonly reports: WindowReport;
  /** Answers POST /tokenize with the count it enforces (vLLM); otherwise 404. */
  readonly tokenize: boolean;
  /** Its "tokenizer": this many UTF-8 bytes a token (default 4, prose); 1 is a digit run's worst case. */
  readonly bytesPerToken?: number;
  /** The answer's text when the request fits. */
  readonly answer?: string;
}

/**
 * The prompt's tokens as the scripted server counts them: its messages and tools as JSON, so many bytes
 * a token, plus four a message for the template. The same count for /tokenize and for the chat route.
 */
export function scriptedPromptTokens(body: Record<string, unknown>, bytesPerToken = 4): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const json = JSON.stringify({ messages, tools: body.tools ?? [] });
  return Math.ceil(Buffer.byteLength(json) / bytesPerToken) + 4 * messages.length;
}

/** vLLM's answer to a prompt alone over the window (serving_engine.py). */
export function vllmPromptTooLong(window: number, prompt: number): string {
  return `This model's maximum context length is ${window} tokens. However, your request has ${prompt} input tokens. Please reduce the length of the input messages.`;
}

/** vLLM's answer to a prompt that fits with a `max_tokens` that does not (serving_engine.py). */
export function vllmBudgetTooLarge(window: number, prompt: number, maxTokens: number): string {
  return `'max_tokens' or 'max_completion_tokens' is too large: ${maxTokens}. This model's maximum context length is ${window} tokens and your request has ${prompt} input tokens (${maxTokens} > ${window} - ${prompt}).`;
}

/**
 * A model server that enforces its context window the way vLLM does: 400 with vLLM's wording when the
 * prompt alone does not fit, or when prompt + `max_tokens` passes the window; a short raw answer
 * otherwise. It reports the window (or not) and counts prompts (or not) as `options` say.
 */
export function windowScript(options: WindowServerOptions): Script {
  const { model, window, reports, bytesPerToken = 4 } = options;
  const json = (value: unknown): ScriptedReply => ({ body: JSON.stringify(value) });
  const notFound: ScriptedReply = { status: 404, body: '{"detail":"Not Found"}' };
  const vllmError = (message: string): ScriptedReply => ({
    status: 400,
    body: JSON.stringify({ error: { message, type: "BadRequestError", param: null, code: 400 } }),
  });

  return (request: ScriptedRequest): ScriptedReply => {
    switch (`${request.method} ${request.path}`) {
      case "GET /v1/models":
        return json({
          object: "list",
          data: [{ id: model, object: "model", ...(reports === "models" ? { max_model_len: window } : {}) }],
        });
      case "GET /props":
        return reports === "props"
          ? json({ default_generation_settings: { n_ctx: window }, total_slots: 1 })
          : notFound;
      case "GET /api/ps":
        return reports === "ollama" ? json({ models: [] }) : notFound;
      case "POST /api/show":
        return reports === "ollama"
          ? json({
              parameters: `num_ctx                        ${window}\nstop                           "<|im_end|>"`,
              model_info: { "general.architecture": "qwen3", "qwen3.context_length": 262_144 },
            })
          : notFound;
      case "POST /tokenize":
        return options.tokenize
          ? json({
              count: scriptedPromptTokens(request.body, bytesPerToken),
              max_model_len: window,
              tokens: [],
            })
          : notFound;
      case "POST /v1/chat/completions": {
        const prompt = scriptedPromptTokens(request.body, bytesPerToken);
        const maxTokens = request.body.max_tokens;
        if (prompt >= window) return vllmError(vllmPromptTooLong(window, prompt));
        if (typeof maxTokens === "number" && prompt + maxTokens > window)
          return vllmError(vllmBudgetTooLarge(window, prompt, maxTokens));
        return { payloads: rawStream(options.answer ?? "It fits.") };
      }
      default:
        return notFound;
    }
  };
}

/** The chat-completions requests a scripted server got, in order. */
export function chatRequests(requests: readonly ScriptedRequest[]): ScriptedRequest[] {
  return requests.filter((request) => request.path === "/v1/chat/completions");
}
