import type { Exchange, GatewayContext } from "../exchange";
import { sendJson } from "../http/send-json";

/**
 * `GET /ready`: 200 while serving, 503 once a shutdown drains, so a load balancer stops sending new
 * requests while open streams finish (docs/http-api.md §1, `GET /ready` and the drain).
 */
export function handleReady(exchange: Exchange, gateway: GatewayContext): void {
  if (gateway.draining()) sendJson(exchange.response, 503, { status: "draining" });
  else sendJson(exchange.response, 200, { status: "ready" });
}
