/** `timeout`: the whole request outlived `timeout_ms`; `idle`: the upstream was silent for `idle_timeout_ms`. */
export type UpstreamTimeoutKind = "timeout" | "idle";

/** The gateway gave up waiting for the upstream (retryable: a later attempt may be faster). */
export class UpstreamTimeoutError extends Error {
  readonly _tag = "UpstreamTimeoutError";
  readonly retryable = true;
  readonly kind: UpstreamTimeoutKind;
  readonly timeoutMs: number;
  /** The URL called, when the wait was for the response headers (the replica that failed). */
  readonly url: string | undefined;

  constructor(kind: UpstreamTimeoutKind, timeoutMs: number, url?: string) {
    super(
      kind === "idle"
        ? `upstream sent nothing for ${timeoutMs} ms (idle_timeout_ms)`
        : `upstream did not finish within ${timeoutMs} ms (timeout_ms)`,
    );
    this.name = "UpstreamTimeoutError";
    this.kind = kind;
    this.timeoutMs = timeoutMs;
    this.url = url;
  }
}
