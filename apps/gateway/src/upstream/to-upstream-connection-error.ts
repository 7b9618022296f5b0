import { UpstreamConnectionError } from "./upstream-connection-error";
import { UNREACHABLE_CODES, UpstreamUnreachableError } from "./upstream-unreachable-error";

/**
 * undici wraps the socket error: `TypeError: fetch failed` / `terminated` with the coded error in `cause`.
 * `url`: the URL called, given for a failure before the response headers so the error names its replica;
 * then a connection that was never made (refused, DNS) is an `UpstreamUnreachableError`.
 */
export function toUpstreamConnectionError(error: unknown, url?: string): UpstreamConnectionError {
  if (error instanceof UpstreamConnectionError) return error;
  const code = findErrorCode(error);
  const detail = innermostMessage(error);
  const message = `upstream connection failed${code === undefined ? "" : ` (${code})`}: ${detail}`;
  if (url !== undefined && code !== undefined && UNREACHABLE_CODES.has(code))
    return new UpstreamUnreachableError(message, [{ url, code }], { cause: error });
  return new UpstreamConnectionError(
    message,
    code,
    url === undefined ? { cause: error } : { cause: error, url },
  );
}

function findErrorCode(error: unknown): string | undefined {
  // A bounded walk: cause chains are short, and a cyclic one must not hang us.
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Object; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "") return code;
    const nested = (current as { errors?: unknown }).errors;
    // Node reports a refused dual-stack connect as an AggregateError whose members carry the code.
    if (Array.isArray(nested) && nested.length > 0) {
      const nestedCode = findErrorCode(nested[0]);
      if (nestedCode !== undefined) return nestedCode;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (current.message !== "") message = current.message;
    current = current.cause;
  }
  return message;
}
