import type { ContextWindow } from "./context-window";
import { readBoundedText } from "./read-bounded-text";
import { serverRootUrl } from "./server-root-url";
import { windowInModelList } from "./window-in-model-list";
import { windowInOllamaPs, windowInOllamaShow } from "./window-in-ollama";
import { windowInProps } from "./window-in-props";

/** One model server (a replica), called as the gateway calls it: its base URL, its key and headers. */
export interface LearnTarget {
  readonly baseUrl: string;
  readonly headers: Readonly<Record<string, string>>;
}

export interface LearnOptions {
  /** `upstream.model`: the id the server knows the model by. */
  readonly model: string;
  /** Ends the learning (its time bound, a shutdown): what is not answered by then counts as not said. */
  readonly signal: AbortSignal;
  /** The parsed answer of `GET {base_url}/models` when the caller already has it (`sluice check`). */
  readonly modelList?: unknown;
}

// A model list, /props (which carries the chat template) or /api/show answer is far below this.
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * Asks a model server which context window it serves `model` with, in the order that tells the
 * servers apart, stopping at the first that says (docs/config.md, "The context window"):
 * `max_model_len` in `GET {base_url}/models` (vLLM, SGLang), `n_ctx` in `GET {root}/props` (llama.cpp,
 * which also answers /api/show, so before Ollama), then Ollama's `GET {root}/api/ps` (the model loaded)
 * and `POST {root}/api/show` (its `num_ctx`). Undefined when none says: nothing is guessed.
 */
export async function learnContextWindow(
  target: LearnTarget,
  options: LearnOptions,
): Promise<ContextWindow | undefined> {
  const { model, signal } = options;
  const root = serverRootUrl(target.baseUrl);
  const path = (url: string): string => new URL(url).pathname;
  const get = (url: string) => fetchJson(url, { method: "GET" }, target, signal);

  const modelsUrl = `${target.baseUrl}/models`;
  const list = options.modelList ?? (await get(modelsUrl));
  const listed = windowInModelList(list, model);
  if (listed !== undefined) return { tokens: listed, source: `max_model_len in ${path(modelsUrl)}` };

  // A llama.cpp router answers a bare /props with a placeholder: the model's own needs `?model=`, and
  // `autoload=false` keeps the question from loading a model that is not loaded.
  const propsUrl = `${root}/props`;
  const query = new URLSearchParams({ model, autoload: "false" });
  const props = windowInProps(await get(`${propsUrl}?${query}`));
  if (props !== undefined) return { tokens: props, source: `n_ctx in ${path(propsUrl)}` };

  const psUrl = `${root}/api/ps`;
  const loaded = windowInOllamaPs(await get(psUrl), model);
  if (loaded !== undefined) return { tokens: loaded, source: `context_length in ${path(psUrl)}` };

  const showUrl = `${root}/api/show`;
  const show = await fetchJson(showUrl, { method: "POST", body: JSON.stringify({ model }) }, target, signal);
  const configured = windowInOllamaShow(show);
  if (configured !== undefined) return { tokens: configured, source: `num_ctx in ${path(showUrl)}` };
  return undefined;
}

/** The JSON of a 2xx answer; undefined for anything else (a status, a page, a cut, a failure, the bound). */
async function fetchJson(
  url: string,
  init: { method: string; body?: string },
  target: LearnTarget,
  signal: AbortSignal,
): Promise<unknown> {
  if (signal.aborted) return undefined;
  try {
    const response = await fetch(url, {
      ...init,
      headers:
        init.body === undefined ? target.headers : { ...target.headers, "content-type": "application/json" },
      signal,
      // As every call of the gateway: never followed (docs/http-api.md §5).
      redirect: "manual",
    });
    // Not read when it says it is no JSON (a web page, an event stream that may take long to end).
    const type = response.headers.get("content-type");
    if (!response.ok || (type !== null && !type.includes("json"))) {
      await response.body?.cancel();
      return undefined;
    }
    const answer = await readBoundedText(response.body, MAX_ANSWER_BYTES);
    return answer.complete ? JSON.parse(answer.text) : undefined;
  } catch {
    return undefined;
  }
}
