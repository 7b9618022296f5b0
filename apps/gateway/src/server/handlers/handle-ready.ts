import type { Exchange, GatewayContext } from "../exchange";
import { sendJson } from "../http/send-json";

/**
 * `GET /ready`: 200 while serving, 503 once a shutdown drains, so a load balancer stops sending new
 * requests while open streams finish (docs/http-api.md §1, `GET /ready` and the drain). Under `server.workers` a
 * draining worker answers for the whole gateway: 200 while another worker still serves.
 */
export async function handleReady(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const ready = !gateway.draining() || ((await gateway.servedElsewhere?.().catch(() => false)) ?? false);
  if (exchange.response.destroyed) return;
  if (ready) sendJson(exchange.response, 200, { status: "ready" });
  else sendJson(exchange.response, 503, { status: "draining" });
}
