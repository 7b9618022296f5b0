import { positiveInteger } from "./positive-integer";

/**
 * The window Ollama serves a model with, from `GET /api/ps` (api/types.go `ProcessModelResponse`): a
 * loaded model's `context_length` is the one its runner was started with, whatever set it. `model` is
 * matched with Ollama's own default tag (`qwen3` is `qwen3:latest`).
 */
export function windowInOllamaPs(ps: unknown, model: string): number | undefined {
  const models = (ps as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return undefined;
  const names = new Set([model, model.includes(":") ? model : `${model}:latest`]);
  for (const entry of models) {
    if (typeof entry !== "object" || entry === null) continue;
    const { name, model: id, context_length: length } = entry as Record<string, unknown>;
    if (names.has(name as string) || names.has(id as string)) return positiveInteger(length);
  }
  return undefined;
}

/**
 * The window Ollama will serve a model with, from `POST /api/show` (api/types.go `ShowResponse`): the
 * Modelfile's `num_ctx` in `parameters`, capped at the trained `<architecture>.context_length` of
 * `model_info` as Ollama caps it (llm/server.go). Without `num_ctx` Ollama uses its server default
 * (`OLLAMA_CONTEXT_LENGTH`, else 4k, 32k or 256k by the GPU memory), which its API does not tell:
 * undefined then, rather than the trained length the server does not actually serve.
 */
export function windowInOllamaShow(show: unknown): number | undefined {
  if (typeof show !== "object" || show === null) return undefined;
  const { parameters, model_info: info } = show as { parameters?: unknown; model_info?: unknown };
  if (typeof parameters !== "string") return undefined;
  const numCtx = positiveInteger(Number(/^num_ctx\s+(\d+)\s*$/m.exec(parameters)?.[1]));
  if (numCtx === undefined) return undefined;
  const trained = trainedLength(info);
  return trained === undefined ? numCtx : Math.min(numCtx, trained);
}

function trainedLength(info: unknown): number | undefined {
  if (typeof info !== "object" || info === null) return undefined;
  const fields = info as Record<string, unknown>;
  const architecture = fields["general.architecture"];
  return typeof architecture === "string"
    ? positiveInteger(fields[`${architecture}.context_length`])
    : undefined;
}
