import { type ErrorObject, GatewayError, gatewayError, reasonOfUpstreamStatus } from "@sluice/events";
import type { ServerFix } from "../config/template-rules";
import { contextOverflowMessage } from "./context-overflow-message";
import { scrubSecrets } from "./scrub-secrets";
import { unreachableMessage } from "./unreachable-message";
import { UpstreamAbortError } from "./upstream-abort-error";
import { UpstreamConnectionError } from "./upstream-connection-error";
import { upstreamErrorText } from "./upstream-error-text";
import { UpstreamTimeoutError } from "./upstream-timeout-error";
import { UpstreamUnreachableError } from "./upstream-unreachable-error";
import { upstreamUrlOf } from "./upstream-url-of";

export interface MapUpstreamErrorOptions {
  /** The model's upstream secrets (its key, its header values): scrubbed from every message. */
  readonly secrets?: readonly string[] | undefined;
  /** The URL the gateway called, named in the messages that mean "check your config". */
  readonly url?: string | undefined;
  /** The configured `upstream.model`, named when the server may not serve it. */
  readonly upstreamModel?: string | undefined;
  /** The family's known template failures (`TemplateRules.serverFixes`): a 400 that is one says what to fix. */
  readonly serverFixes?: readonly ServerFix[] | undefined;
}

/**
 * An upstream answered with a status other than 200 before streaming anything: the reason comes from the
 * status (the one table, docs/http-api.md §5), the message from the upstream's words (scrubbed, bounded)
 * plus what to check where the config is the likely cause.
 */
export function mapUpstreamHttpError(
  status: number,
  bodyText: string,
  headers: Headers,
  options: MapUpstreamErrorOptions = {},
): GatewayError {
  const secrets = options.secrets ?? [];
  const text = upstreamErrorText(bodyText, secrets);
  const detail = text === "" ? "" : `: ${text}`;
  const at = options.url === undefined ? "" : ` at ${options.url}`;
  const reason = reasonOfUpstreamStatus(status);
  switch (reason) {
    case "upstream_rejected_credentials":
      return gatewayError(
        reason,
        `the upstream${at} rejected the gateway's credentials (HTTP ${status}); check upstream.api_key${detail}`,
      );
    case "upstream_not_found": {
      const model = options.upstreamModel === undefined ? "" : ` ("${options.upstreamModel}")`;
      return gatewayError(
        reason,
        `the upstream answered 404 Not Found for POST ${options.url ?? "/chat/completions"}; check upstream.base_url (OpenAI-compatible servers serve /v1/chat/completions, so it usually ends in /v1) and upstream.model${model}${detail}`,
      );
    }
    case "upstream_redirect":
      return gatewayError(
        reason,
        `the upstream${at} answered a redirect (HTTP ${status}${redirectTarget(headers, secrets)}); redirects are not followed, since they would carry the prompt elsewhere: set upstream.base_url to the final URL`,
      );
    case "upstream_rate_limited":
      return gatewayError(reason, `upstream rate limit (HTTP 429)${detail}`, retryAfterOf(headers));
    case "upstream_overloaded":
      // A saturated vLLM/SGLang answers 503; Anthropic's 529 makes Claude Code back off and retry.
      return gatewayError(reason, `upstream overloaded (HTTP ${status})${detail}`, retryAfterOf(headers));
    case "upstream_rejected_request": {
      const overflow = contextOverflowMessage(text, bodyText);
      if (overflow !== undefined) return gatewayError("context_overflow", overflow);
      const fix = options.serverFixes?.find((known) => text.includes(known.raises));
      if (fix !== undefined) return gatewayError(reason, `${text}: ${fix.advice}`);
      return gatewayError(reason, text === "" ? `the upstream rejected the request (HTTP ${status})` : text);
    }
    default:
      return gatewayError(
        reason,
        status >= 500 && status <= 599
          ? `upstream error (HTTP ${status})${detail}`
          : `unexpected upstream status ${status}${at}${detail}`,
      );
  }
}

/** A failure before the first upstream byte: timeout, connection, client abort, or anything else. */
export function mapUpstreamFailure(error: unknown, options: MapUpstreamErrorOptions = {}): GatewayError {
  if (error instanceof GatewayError) return error;
  const secrets = options.secrets ?? [];
  // The failure's own URL first: with replicas, it is the one that failed last, not the model's first.
  const url = upstreamUrlOf(error) ?? options.url;
  const at = url === undefined ? "" : ` (${url})`;
  if (error instanceof UpstreamTimeoutError) return gatewayError("upstream_timeout", `${error.message}${at}`);
  // Still no connection after the gateway's own retries: final, and it says what to check.
  if (error instanceof UpstreamUnreachableError)
    return gatewayError("upstream_unreachable", scrubSecrets(unreachableMessage(error), secrets));
  if (error instanceof UpstreamConnectionError)
    // Reset or cut: the server may be restarting, so a retry can succeed.
    return gatewayError("upstream_failed", `${scrubSecrets(error.message, secrets)}${at}`);
  if (error instanceof UpstreamAbortError) return gatewayError("client_closed", error.message);
  const text = error instanceof Error ? error.message : String(error);
  return gatewayError("upstream_failed", `upstream request failed${at}: ${scrubSecrets(text, secrets)}`);
}

/** A failure after the stream started: the same error object, sent as an SSE `error` event. */
export function upstreamErrorForStream(error: unknown, options: MapUpstreamErrorOptions = {}): ErrorObject {
  return mapUpstreamFailure(error, options).object;
}

function retryAfterOf(headers: Headers): string | undefined {
  return headers.get("retry-after") ?? undefined;
}

/** ` to ORIGIN/PATH` of a redirect's Location, without its query (which may carry a key), scrubbed. */
function redirectTarget(headers: Headers, secrets: readonly string[]): string {
  const location = headers.get("location");
  if (location === null || !URL.canParse(location, "http://upstream.invalid")) return "";
  const url = new URL(location, "http://upstream.invalid");
  url.search = "";
  url.hash = "";
  url.username = "";
  url.password = "";
  const shown = url.origin === "http://upstream.invalid" ? url.pathname : url.href;
  return ` to ${scrubSecrets(shown, secrets).slice(0, 200)}`;
}
