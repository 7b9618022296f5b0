/** The upstream could not be reached or dropped the connection: refused, reset, DNS, TLS, truncated body. */
export class UpstreamConnectionError extends Error {
  readonly _tag = "UpstreamConnectionError";
  /** Whether the client may try again; false for `UpstreamUnreachableError`, which the gateway already retried. */
  readonly retryable: boolean = true;
  /** The system or undici error code when one is known (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`, …). */
  readonly code: string | undefined;
  /** The URL called, when the connection failed before the response headers (the replica that failed). */
  readonly url: string | undefined;

  constructor(message: string, code: string | undefined, options?: { cause?: unknown; url?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "UpstreamConnectionError";
    this.code = code;
    this.url = options?.url;
  }
}
