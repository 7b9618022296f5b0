import type { UpstreamConfig } from "../config/config";
import { readBoundedText } from "../upstream/read-bounded-text";
import { scrubSecrets } from "../upstream/scrub-secrets";
import { describeConnectionFailure } from "./describe-connection-failure";
import { modelListEntries } from "./model-list-entries";

/** What `GET {base_url}/models` said. Every text in it is already scrubbed of the model's key and header values. */
export type ProbeResult =
  | { readonly kind: "demo" }
  | {
      readonly kind: "served";
      readonly modelIds: readonly string[];
      readonly elapsedMs: number;
      /** The parsed model list, which may carry the model's window (`learnContextWindow`). */
      readonly list: unknown;
    }
  /** A 2xx answer that is not an OpenAI model list. */
  | { readonly kind: "unexpected"; readonly status: number; readonly detail: string }
  | { readonly kind: "http-error"; readonly status: number; readonly detail: string }
  | { readonly kind: "unreachable"; readonly detail: string };

export interface ProbeOptions {
  readonly timeoutMs: number;
  /** What is read of an answer at most. */
  readonly maxBytes: number;
}

const EXCERPT_CHARACTERS = 200;

/** Asks one of an upstream's replicas (`baseUrl`) which models it serves, as the gateway would call it (its key, its headers). */
export async function probeUpstream(
  upstream: UpstreamConfig,
  baseUrl: string,
  options: ProbeOptions,
): Promise<ProbeResult> {
  if (baseUrl === "demo") return { kind: "demo" };
  const secrets = [upstream.apiKey ?? "", ...Object.values(upstream.headers ?? {})];
  const scrub = (text: string): string => scrubSecrets(text, secrets);
  const startedAt = performance.now();
  try {
    const response = await fetch(`${baseUrl}/models`, {
      headers: probeHeaders(upstream),
      signal: AbortSignal.timeout(options.timeoutMs),
      // Like the gateway's own calls: a redirect is reported, never followed.
      redirect: "manual",
    });
    const body = await readBoundedText(response.body, options.maxBytes);
    // Scrubbed before anything is cut from it, so no part of a key survives in an excerpt.
    const text = scrub(body.text);
    if (response.status >= 300 && response.status <= 399) {
      const location = response.headers.get("location");
      const detail = `a redirect${location === null ? "" : ` to ${scrub(location).split("?")[0]}`}, not followed (the gateway never follows one): set base_url to the final URL`;
      return { kind: "http-error", status: response.status, detail };
    }
    if (!response.ok) return { kind: "http-error", status: response.status, detail: excerptOf(text) };
    if (!body.complete) {
      const limit = `${Math.round(options.maxBytes / 1024)} KiB`;
      return {
        kind: "unexpected",
        status: response.status,
        detail: `the answer is over ${limit} (not read further)`,
      };
    }
    const modelIds = modelIdsOf(text);
    if (modelIds === undefined) {
      const detail = `not an OpenAI model list ({"data": [{"id": …}]}): ${excerptOf(text)}`;
      return { kind: "unexpected", status: response.status, detail };
    }
    const elapsedMs = Math.round(performance.now() - startedAt);
    return { kind: "served", modelIds, elapsedMs, list: JSON.parse(text) };
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") {
      return { kind: "unreachable", detail: `no answer within ${options.timeoutMs / 1000} s` };
    }
    return { kind: "unreachable", detail: scrub(describeConnectionFailure(error)) };
  }
}

/** The gateway's own precedence (create-http-upstream): configured headers, then the key's authorization. */
export function probeHeaders(upstream: UpstreamConfig): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json" };
  for (const [name, value] of Object.entries(upstream.headers ?? {})) headers[name.toLowerCase()] = value;
  if (upstream.apiKey !== undefined && upstream.apiKey !== "")
    headers.authorization = `Bearer ${upstream.apiKey}`;
  return headers;
}

function modelIdsOf(text: string): string[] | undefined {
  return modelListEntries(text)
    ?.map((entry) => (entry as { id?: unknown } | null)?.id)
    .filter((id): id is string => typeof id === "string");
}

/** The error message of a JSON error body (OpenAI, vLLM, FastAPI shapes), else the text; one line, bounded. */
function excerptOf(text: string): string {
  let message = text;
  try {
    const answer = JSON.parse(text) as Record<string, unknown> | null;
    const error = answer?.error;
    const candidate =
      (typeof error === "object" && error !== null ? (error as { message?: unknown }).message : error) ??
      answer?.message ??
      answer?.detail;
    if (typeof candidate === "string") message = candidate;
  } catch {
    // Not JSON: the text itself.
  }
  const line = message.replace(/\s+/g, " ").trim();
  return line.length > EXCERPT_CHARACTERS ? `${line.slice(0, EXCERPT_CHARACTERS)}…` : line;
}
