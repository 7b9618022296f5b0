import type { SseMessage } from "@sluice/pipeline/testkit";
import type { MessageStreamEvent } from "@sluice/protocol-anthropic";
import { parseSseText } from "../server/test-gateway";

/** What the gateway answered, read whole: an SSE stream or a JSON body. */
export type Answer =
  | {
      readonly kind: "stream";
      readonly status: number;
      readonly headers: Headers;
      readonly messages: readonly SseMessage[];
      readonly events: readonly MessageStreamEvent[];
    }
  | { readonly kind: "json"; readonly status: number; readonly headers: Headers; readonly body: unknown };

export interface AskOptions {
  /** The request body as sent: JSON text or bytes (default: the JSON of a value). */
  readonly body: string | Uint8Array;
  readonly headers?: Readonly<Record<string, string>>;
  /** Longest wait for the whole answer; past it the ask fails as a hang. */
  readonly timeoutMs?: number;
  readonly path?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * POSTs to the gateway and reads the whole answer within a deadline, so a hang fails the test
 * instead of stalling it. Anything but SSE or JSON is a failure: clients could not read it.
 */
export async function askGateway(origin: string, options: AskOptions): Promise<Answer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const path = options.path ?? "/v1/messages";
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: options.headers ?? { "content-type": "application/json" },
      body: options.body,
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (signal.aborted) throw new Error(`the gateway did not answer within ${timeoutMs} ms (a hang)`);
    throw error;
  }
  const contentType = response.headers.get("content-type") ?? "";
  if (contentType.startsWith("text/event-stream")) {
    const stream = parseSseText(text);
    return { kind: "stream", status: response.status, headers: response.headers, ...stream };
  }
  if (contentType.startsWith("application/json")) {
    return { kind: "json", status: response.status, headers: response.headers, body: JSON.parse(text) };
  }
  throw new Error(`answer ${response.status} with content-type ${contentType}: ${text.slice(0, 200)}`);
}
