// RFC 6750 b64token characters.
const BEARER_TOKEN = /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi;

/** The upstream key must never reach a client or a log line, even when the upstream echoes it back. */
export function scrubSecrets(text: string, secrets: readonly string[] = []): string {
  let result = text;
  for (const secret of secrets) {
    // Very short "keys" would redact ordinary words; such a key is no secret worth the damage.
    if (secret.length >= 4) result = result.split(secret).join("[redacted]");
  }
  return result.replace(BEARER_TOKEN, "Bearer [redacted]");
}
