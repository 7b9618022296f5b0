/**
 * The model server's root, where vLLM serves /tokenize and llama.cpp /props, and Ollama its /api:
 * `base_url` without a trailing `/v1` (`http://h:8000/v1` → `http://h:8000`).
 */
export function serverRootUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed.slice(0, -"/v1".length) : trimmed;
}
