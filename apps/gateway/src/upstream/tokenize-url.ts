/** vLLM serves /tokenize at the server root, not under /v1: `http://h:8000/v1` → `http://h:8000/tokenize`. */
export function tokenizeUrl(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, "");
  const root = trimmed.endsWith("/v1") ? trimmed.slice(0, -"/v1".length) : trimmed;
  return `${root}/tokenize`;
}
