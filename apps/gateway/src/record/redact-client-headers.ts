import type { IncomingHttpHeaders } from "node:http";

// Credentials by name: the client's key and anything a browser or a proxy would authenticate with.
const CREDENTIAL_HEADERS = new Set([
  "authorization",
  "proxy-authorization",
  "x-api-key",
  "cookie",
  "set-cookie",
]);

/**
 * The client's headers for a recording, without its credentials. Values that equal a configured
 * secret are redacted later, with the rest of the file (`scrubStrings`).
 */
export function redactClientHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  // No prototype: a header named `__proto__` is kept as a header, not taken as one.
  const kept: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || CREDENTIAL_HEADERS.has(name)) continue;
    kept[name] = value;
  }
  return kept;
}
