import type { Exchange, GatewayContext } from "../exchange";
import { sendJson } from "../http/send-json";

/**
 * `GET /v1/models`: the Anthropic list shape when the request has `anthropic-version` (what Claude
 * Code's model discovery reads), else the OpenAI shape (Dynamo's rule, docs/protocol.md A1). Aliases are globs,
 * so only configured names are listed. An entry carries the model's context window as `max_model_len`
 * (vLLM's own field) when it is known, so a launcher can set a client's compaction window from it.
 */
export function handleModels(exchange: Exchange, gateway: GatewayContext): void {
  const models = gateway.served.models.map((model) => {
    const tokens = model.window.current()?.tokens;
    return { id: model.name, window: tokens === undefined ? {} : { max_model_len: tokens } };
  });
  const created = gateway.startedAt;
  if (exchange.request.headers["anthropic-version"] !== undefined) {
    sendJson(exchange.response, 200, {
      data: models.map(({ id, window }) => ({
        type: "model",
        id,
        display_name: id,
        created_at: created.toISOString(),
        ...window,
      })),
      has_more: false,
      first_id: models[0]?.id ?? null,
      last_id: models[models.length - 1]?.id ?? null,
    });
    return;
  }
  sendJson(exchange.response, 200, {
    object: "list",
    data: models.map(({ id, window }) => ({
      id,
      object: "model",
      created: Math.floor(created.getTime() / 1000),
      owned_by: "sluice",
      ...window,
    })),
  });
}
