import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@sluice/core";
import { gatewayError } from "@sluice/events";
import type { Exchange, GatewayContext } from "../exchange";
import type { BodyBudget } from "./create-body-budget";
import { lingerThenClose } from "./linger-then-close";
import { readRequestBody } from "./read-request-body";
import { replyError } from "./reply-error";

/** A surface's request decoder: the request, or one line naming the field that is wrong. */
export type RequestDecoder<Request> = (
  json: unknown,
) => { readonly ok: true; readonly request: Request } | { readonly ok: false; readonly message: string };

/**
 * The body every POST route starts with: read within the body limits, parsed, decoded by the route's own
 * schema. Undefined when it has already been answered (413, 529, 400 naming the field, in the route's
 * error shape) or the client left.
 */
export async function readDecodedBody<Request>(
  exchange: Exchange,
  gateway: GatewayContext,
  decode: RequestDecoder<Request>,
  /** What the route's request is called, for the depth limit's message (`Messages`, `Responses`). */
  kind: string,
): Promise<Request | undefined> {
  const body = await readJsonBody(
    exchange,
    { maxBodyBytes: gateway.served.config.server.maxBodyBytes, budget: gateway.bodyBudget },
    kind,
  );
  if (!body.ok) return undefined;
  const decoded = decode(body.json);
  if (!decoded.ok) {
    replyError(exchange, gatewayError("invalid_request", decoded.message));
    return undefined;
  }
  return decoded.request;
}

type JsonBodyResult = { readonly ok: true; readonly json: unknown } | { readonly ok: false };

interface JsonBodyLimits {
  /** `server.max_body_bytes`. */
  readonly maxBodyBytes: number;
  /** `server.max_inflight_body_bytes`, shared by every request. */
  readonly budget: BodyBudget;
}

/**
 * Reads and parses the JSON body; on failure it has already answered (413, 529, 400) or the client is
 * gone. An answer given before the whole upload was read closes the connection after a lingering read.
 * The body's bytes stay reserved in the budget until the exchange ends: what a request holds (the parsed
 * value, its translation, the upstream request) lives about as long, at about three times the body.
 */
async function readJsonBody(
  exchange: Exchange,
  limits: JsonBodyLimits,
  kind: string,
): Promise<JsonBodyResult> {
  const { request } = exchange;
  const body = await readRequestBody(request, { maxBytes: limits.maxBodyBytes, budget: limits.budget });
  if (body.kind === "aborted") return { ok: false };
  if (body.kind === "too-large" || body.kind === "busy") {
    const error =
      body.kind === "too-large"
        ? gatewayError(
            "body_too_large",
            `Request body is larger than the limit of ${limits.maxBodyBytes} bytes (server.max_body_bytes)`,
          )
        : gatewayError(
            "gateway_busy",
            "The gateway holds too many request bodies at once (server.max_inflight_body_bytes); retry shortly",
            "1",
          );
    // The rest of the upload is not kept, so the connection cannot be reused; it closes after a lingering read.
    lingerThenClose(request);
    replyError(exchange, error, { connection: "close" });
    return { ok: false };
  }
  const reserved = body.bytes.length;
  exchange.response.once("close", () => limits.budget.release(reserved));
  const text = decodeChecked(body);
  if (text === undefined) {
    replyError(
      exchange,
      gatewayError(
        "invalid_request",
        `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels; no ${kind} request needs that`,
      ),
    );
    return { ok: false };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    replyError(exchange, gatewayError("invalid_request", `The request body is not valid JSON: ${reason}`));
    return { ok: false };
  }
  exchange.recorder?.clientBody(json, text.length);
  return { ok: true, json };
}

/**
 * The body as text, or undefined when it nests too deep. It takes the result object and drops the bytes
 * from it, so nothing holds them while `JSON.parse` builds the value (one copy of the body fewer at the peak).
 */
function decodeChecked(body: { bytes: Buffer }): string | undefined {
  const { bytes } = body;
  body.bytes = EMPTY;
  const text = bytes.toString("utf8");
  // Before anything walks the value: a 100k-deep one overflowed JSON.stringify's stack (a 500).
  return jsonDepthExceeds(text, MAX_JSON_DEPTH) ? undefined : text;
}

const EMPTY = Buffer.alloc(0);
