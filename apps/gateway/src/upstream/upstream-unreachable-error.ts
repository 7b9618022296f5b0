import { UpstreamConnectionError } from "./upstream-connection-error";

/**
 * The system codes that say no connection was made, so the request cannot have reached a model: refused
 * (nothing listens there: a server down or restarting, a wrong port), an unknown host name, a DNS lookup
 * that failed, no route to the host. A reset or a cut (the request may have reached the model) is not here.
 */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** One URL the gateway could not connect to, and the code that said why. */
export interface UnreachableUrl {
  readonly url: string | undefined;
  readonly code: string;
}

export interface UnreachableOptions {
  readonly cause?: unknown;
  /** Attempts made in all, the first one included; default 1. */
  readonly attempts?: number;
  /** What the gateway waited between them, in ms; default 0. */
  readonly waitedMs?: number;
}

/**
 * No connection could be made to the upstream: to its one URL, or to every replica of a list (`failures`,
 * in the order tried). The gateway retries such a request itself for a moment (`retryUnreachable`), and the
 * answer after that is final: Claude Code would otherwise retry ten times over three minutes.
 */
export class UpstreamUnreachableError extends UpstreamConnectionError {
  override readonly retryable = false;
  readonly failures: readonly [UnreachableUrl, ...UnreachableUrl[]];
  readonly attempts: number;
  readonly waitedMs: number;

  constructor(
    message: string,
    failures: readonly [UnreachableUrl, ...UnreachableUrl[]],
    options: UnreachableOptions = {},
  ) {
    const last = failures[failures.length - 1] as UnreachableUrl;
    super(message, last.code, {
      ...(options.cause === undefined ? {} : { cause: options.cause }),
      ...(last.url === undefined ? {} : { url: last.url }),
    });
    this.name = "UpstreamUnreachableError";
    this.failures = failures;
    this.attempts = options.attempts ?? 1;
    this.waitedMs = options.waitedMs ?? 0;
  }
}
