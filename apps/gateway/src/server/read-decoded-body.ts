import { gatewayError } from "@sluice/events";
import type { Exchange, GatewayContext } from "./exchange";
import { readJsonBody } from "./read-json-body";
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
): Promise<Request | undefined> {
  const body = await readJsonBody(exchange, {
    maxBodyBytes: gateway.served.config.server.maxBodyBytes,
    budget: gateway.bodyBudget,
  });
  if (!body.ok) return undefined;
  const decoded = decode(body.json);
  if (!decoded.ok) {
    replyError(exchange, gatewayError("invalid_request", decoded.message));
    return undefined;
  }
  return decoded.request;
}
