// RFC 6750 b64token characters.
export const BEARER_TOKEN = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;
/** Very short "keys" would redact ordinary words; such a key is no secret worth the damage. */
export const MIN_SECRET_LENGTH = 4;

/** The upstream key must never reach a client or a log line, even when the upstream echoes it back. */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length >= MIN_SECRET_LENGTH) result = result.split(secret).join("[redacted]");
  }
  result = result.replace(BEARER_TOKEN, "Bearer [redacted]");
  const tail = secretTailStart(result, secrets);
  return tail === undefined ? result : `${result.slice(0, tail)}[redacted]`;
}

// Keys are long; a short secret (a header value such as `team-7`) would redact a word the text ends in.
const MIN_CUT_SECRET_LENGTH = 12;

/**
 * Where `text` ends with the first characters of a key (at least MIN_SECRET_LENGTH of them, of a secret
 * of MIN_CUT_SECRET_LENGTH or more), or undefined: text cut off in the middle of a key (a bounded excerpt,
 * a capped recording) still shows its beginning otherwise.
 */
export function secretTailStart(text: string, secrets: readonly string[]): number | undefined {
  let start: number | undefined;
  for (const secret of secrets) {
    if (secret.length < MIN_CUT_SECRET_LENGTH) continue;
    const head = secret.slice(0, MIN_SECRET_LENGTH);
    // Only the last secret.length - 1 characters can hold a key's beginning that runs past the end.
    const from = Math.max(0, text.length - secret.length + 1);
    for (let at = text.indexOf(head, from); at !== -1; at = text.indexOf(head, at + 1)) {
      if (secret.startsWith(text.slice(at))) {
        if (start === undefined || at < start) start = at;
        break;
      }
    }
  }
  return start;
}
