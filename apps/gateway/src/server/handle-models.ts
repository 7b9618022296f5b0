import type { Exchange, GatewayContext } from "./exchange";
import { sendJson } from "./send-json";

/**
 * `GET /v1/models`: the Anthropic list shape when the request has `anthropic-version` (what Claude
 * Code's model discovery reads), else the OpenAI shape (Dynamo's rule, docs/protocol.md A1). Aliases are globs,
 * so only configured names are listed.
 */
export function handleModels(exchange: Exchange, gateway: GatewayContext): void {
  const names = gateway.served.models.map((model) => model.name);
  const created = gateway.startedAt;
  if (exchange.request.headers["anthropic-version"] !== undefined) {
    sendJson(exchange.response, 200, {
      data: names.map((id) => ({
        type: "model",
        id,
        display_name: id,
        created_at: created.toISOString(),
      })),
      has_more: false,
      first_id: names[0] ?? null,
      last_id: names[names.length - 1] ?? null,
    });
    return;
  }
  sendJson(exchange.response, 200, {
    object: "list",
    data: names.map((id) => ({
      id,
      object: "model",
      created: Math.floor(created.getTime() / 1000),
      owned_by: "sluice",
    })),
  });
}
