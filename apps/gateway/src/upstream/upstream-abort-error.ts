/** The client went away, so the upstream request was cancelled on purpose (nobody is left to answer). */
export class UpstreamAbortError extends Error {
  readonly _tag = "UpstreamAbortError";
  readonly retryable = false;

  constructor() {
    super("the client closed the request, so the upstream request was aborted");
    this.name = "UpstreamAbortError";
  }
}
