import type { ErrorObject, ErrorType } from "@sluice/protocol-anthropic";
import { contextOverflowMessage } from "./context-overflow-message";
import { scrubSecrets } from "./scrub-secrets";
import { UpstreamAbortError } from "./upstream-abort-error";
import { UpstreamConnectionError } from "./upstream-connection-error";
import { upstreamErrorText } from "./upstream-error-text";
import { UpstreamTimeoutError } from "./upstream-timeout-error";

/** What the gateway answers for an upstream failure (docs/http-api.md §5). */
export interface MappedUpstreamError {
  readonly status: number;
  readonly type: ErrorType;
  readonly message: string;
  /** The upstream's `retry-after`, passed through as given. */
  readonly retryAfter?: string;
  /** Whether a client should try again (`x-should-retry`): never for a misconfigured upstream. */
  readonly retry: boolean;
}

export interface MapUpstreamErrorOptions {
  /** The configured upstream key: scrubbed from every message. */
  readonly apiKey?: string | undefined;
  /** The URL the gateway called, named in the messages that mean "check your config". */
  readonly url?: string | undefined;
  /** The configured `upstream.model`, named when the server may not serve it. */
  readonly upstreamModel?: string | undefined;
}

/** Status nobody receives (the client is gone), kept distinct for the request log (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;

/** An upstream answered with a non-2xx status before streaming anything. */
export function mapUpstreamHttpError(
  status: number,
  bodyText: string,
  headers: Headers,
  options: MapUpstreamErrorOptions = {},
): MappedUpstreamError {
  const secrets = options.apiKey === undefined ? [] : [options.apiKey];
  const text = scrubSecrets(upstreamErrorText(bodyText), secrets);
  const detail = text === "" ? "" : `: ${text}`;
  const retryAfter = headers.get("retry-after") ?? undefined;

  const at = options.url === undefined ? "" : ` at ${options.url}`;

  // Misconfiguration: retrying cannot help, so clients are told not to (Claude Code retries ten times).
  if (status === 401 || status === 403) {
    return {
      status: 502,
      type: "api_error",
      message: `the upstream${at} rejected the gateway's credentials (HTTP ${status}); check upstream.api_key${detail}`,
      retry: false,
    };
  }
  if (status === 404) {
    const model = options.upstreamModel === undefined ? "" : ` ("${options.upstreamModel}")`;
    return {
      status: 502,
      type: "api_error",
      message: `the upstream answered 404 Not Found for POST ${options.url ?? "/chat/completions"}; check upstream.base_url (OpenAI-compatible servers serve /v1/chat/completions, so it usually ends in /v1) and upstream.model${model}${detail}`,
      retry: false,
    };
  }
  if (status === 429) {
    return withRetryAfter(
      {
        status: 429,
        type: "rate_limit_error",
        message: `upstream rate limit (HTTP 429)${detail}`,
        retry: true,
      },
      retryAfter,
    );
  }
  if (status === 503) {
    // A saturated vLLM/SGLang answers 503; Anthropic's 529 makes Claude Code back off and retry.
    return withRetryAfter(
      {
        status: 529,
        type: "overloaded_error",
        message: `upstream overloaded (HTTP 503)${detail}`,
        retry: true,
      },
      retryAfter,
    );
  }
  if (status >= 500 && status <= 599) {
    return {
      status: 502,
      type: "api_error",
      message: `upstream error (HTTP ${status})${detail}`,
      retry: true,
    };
  }
  if (status >= 400 && status <= 499) {
    const overflow = contextOverflowMessage(text, bodyText);
    if (overflow !== undefined)
      return { status: 400, type: "invalid_request_error", message: overflow, retry: false };
    const message = text === "" ? `the upstream rejected the request (HTTP ${status})` : text;
    return { status: 400, type: "invalid_request_error", message, retry: false };
  }
  return {
    status: 502,
    type: "api_error",
    message: `unexpected upstream status ${status}${at}${detail}`,
    retry: false,
  };
}

/** A failure before the first upstream byte: timeout, connection, client abort, or anything else. */
export function mapUpstreamFailure(
  error: unknown,
  options: MapUpstreamErrorOptions = {},
): MappedUpstreamError {
  const secrets = options.apiKey === undefined ? [] : [options.apiKey];
  const at = options.url === undefined ? "" : ` (${options.url})`;
  if (error instanceof UpstreamTimeoutError) {
    return { status: 504, type: "timeout_error", message: `${error.message}${at}`, retry: true };
  }
  if (error instanceof UpstreamConnectionError) {
    // Refused or reset: the server may be restarting, so a retry can succeed.
    return {
      status: 502,
      type: "api_error",
      message: `${scrubSecrets(error.message, secrets)}${at}`,
      retry: true,
    };
  }
  if (error instanceof UpstreamAbortError) {
    return { status: CLIENT_CLOSED_REQUEST, type: "api_error", message: error.message, retry: false };
  }
  const text = error instanceof Error ? error.message : String(error);
  return {
    status: 502,
    type: "api_error",
    message: `upstream request failed${at}: ${scrubSecrets(text, secrets)}`,
    retry: true,
  };
}

/** A failure after the stream started: the same error object, sent as an SSE `error` event. */
export function upstreamErrorForStream(error: unknown, options: MapUpstreamErrorOptions = {}): ErrorObject {
  const { type, message } = mapUpstreamFailure(error, options);
  return { type, message };
}

function withRetryAfter(error: MappedUpstreamError, retryAfter: string | undefined): MappedUpstreamError {
  return retryAfter === undefined ? error : { ...error, retryAfter };
}
