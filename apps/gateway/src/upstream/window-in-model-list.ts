import { positiveInteger } from "./positive-integer";

interface ModelCard {
  readonly id?: unknown;
  readonly max_model_len?: unknown;
  readonly parent?: unknown;
}

/**
 * The window vLLM and SGLang list in `GET /v1/models`: `max_model_len` on the card whose `id` is the
 * served model (vLLM `serving_models.py`, SGLang `http_server.py`, both `ModelCard`). A LoRA adapter's
 * card carries none but names its base model in `parent`, whose window it serves with. Undefined for a
 * list without it (llama.cpp, Ollama, most proxies) or without the model.
 */
export function windowInModelList(list: unknown, model: string): number | undefined {
  const data = (list as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return undefined;
  const cards = data.filter((card): card is ModelCard => typeof card === "object" && card !== null);
  const card = cards.find((entry) => entry.id === model);
  if (card === undefined) return undefined;
  const own = positiveInteger(card.max_model_len);
  if (own !== undefined || typeof card.parent !== "string") return own;
  return positiveInteger(cards.find((entry) => entry.id === card.parent)?.max_model_len);
}
