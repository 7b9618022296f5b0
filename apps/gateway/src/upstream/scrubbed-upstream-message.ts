import { scrubSecrets } from "./scrub-secrets";

/** Longest upstream text worth showing a client (an HTML error page from a proxy can be large). */
export const MAX_UPSTREAM_MESSAGE_LENGTH = 2000;

/**
 * An upstream's words as a client or a log line may see them: every configured secret and any Bearer
 * token replaced, then cut to a bounded length (scrubbed first, so no piece of a key survives the cut).
 */
export function scrubbedUpstreamMessage(text: string, secrets: readonly string[]): string {
  const scrubbed = scrubSecrets(text, secrets);
  return scrubbed.length > MAX_UPSTREAM_MESSAGE_LENGTH
    ? `${scrubbed.slice(0, MAX_UPSTREAM_MESSAGE_LENGTH)}…`
    : scrubbed;
}
