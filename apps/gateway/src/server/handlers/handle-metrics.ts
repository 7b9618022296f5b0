import type { Exchange, GatewayContext } from "../exchange";

/**
 * `GET /metrics`: the gateway's registry in Prometheus text (docs/http-api.md §1, `GET /metrics`); under
 * `server.workers`, every worker's summed, whichever worker answers.
 */
export async function handleMetrics(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { registry } = gateway.metrics;
  const text = await gateway.metricsText();
  const { response } = exchange;
  if (response.destroyed) return;
  response.writeHead(200, {
    "content-type": registry.contentType,
    "content-length": Buffer.byteLength(text),
    // A scrape is a snapshot: a proxy between Prometheus and the gateway must not serve an old one.
    "cache-control": "no-store",
  });
  response.end(text);
}
