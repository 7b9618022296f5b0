import type { ServerResponse } from "node:http";

/** Writes one JSON response (`content-length` set, so a keep-alive client knows where it ends). */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const text = JSON.stringify(body);
  // node knows no reason phrase for Anthropic's 529; the status line says what it means.
  response.writeHead(status, status === 529 ? "Overloaded" : undefined, {
    ...headers,
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}
