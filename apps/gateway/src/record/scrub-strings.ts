import { scrubSecrets } from "../upstream/scrub-secrets";

/**
 * A JSON value with every string in it passed through `scrubSecrets`, as a new value (the handler's
 * objects are not touched). Keys are left alone: a configured header value such as `team-7` may be
 * any word, and redacting it in keys would break the file's own structure.
 */
export function scrubStrings(value: unknown, secrets: readonly string[]): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value), (_key, item: unknown) =>
    typeof item === "string" ? scrubSecrets(item, secrets) : item,
  );
}
