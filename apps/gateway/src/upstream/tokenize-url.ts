import { serverRootUrl } from "./server-root-url";

/** vLLM serves /tokenize at the server root, not under /v1: `http://h:8000/v1` → `http://h:8000/tokenize`. */
export function tokenizeUrl(baseUrl: string): string {
  return `${serverRootUrl(baseUrl)}/tokenize`;
}
