import type { Exchange } from "./exchange";
import { readRequestBody } from "./read-request-body";
import { replyError } from "./reply-error";

export type JsonBodyResult = { readonly ok: true; readonly json: unknown } | { readonly ok: false };

/** Reads and parses the JSON body; on failure it has already answered (413, 400) or the client is gone. */
export async function readJsonBody(exchange: Exchange, maxBodyBytes: number): Promise<JsonBodyResult> {
  const body = await readRequestBody(exchange.request, maxBodyBytes);
  if (body.kind === "aborted") return { ok: false };
  if (body.kind === "too-large") {
    // The rest of the upload is never read, so the connection cannot be reused.
    replyError(
      exchange,
      413,
      "request_too_large",
      `Request body is larger than the limit of ${maxBodyBytes} bytes (server.max_body_bytes)`,
      { headers: { connection: "close" } },
    );
    return { ok: false };
  }
  try {
    return { ok: true, json: JSON.parse(body.bytes.toString("utf8")) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    replyError(exchange, 400, "invalid_request_error", `The request body is not valid JSON: ${reason}`);
    return { ok: false };
  }
}
