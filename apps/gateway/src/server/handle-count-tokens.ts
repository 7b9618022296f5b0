import { decodeCountTokensRequest } from "@sluice/protocol-anthropic";
import { resolveModel } from "../config/model-router";
import { resolveModelPlan } from "../config/resolve-model-plan";
import { thinkingEnabled } from "../config/thinking-enabled";
import { estimateTokens } from "../translate/estimate-tokens";
import { tokenizeRequestBody } from "../translate/tokenize-request-body";
import { translateRequest } from "../translate/translate-request";
import type { Exchange, GatewayContext } from "./exchange";
import { readJsonBody } from "./read-json-body";
import { replyError } from "./reply-error";
import { sendJson } from "./send-json";

/**
 * `POST /v1/messages/count_tokens` → `{"input_tokens": N}`: the upstream's `/tokenize` over the
 * translated chat request when it has one (exact: it renders the template), else the estimate.
 */
export async function handleCountTokens(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const body = await readJsonBody(exchange, gateway.config.server.maxBodyBytes);
  if (!body.ok) return;
  const decoded = decodeCountTokensRequest(body.json);
  if (!decoded.ok) {
    replyError(exchange, 400, "invalid_request_error", decoded.message);
    return;
  }
  const { request } = decoded;
  exchange.log.model = request.model;
  const model = resolveModel(gateway.config, request.model);
  const upstream = model === undefined ? undefined : gateway.upstreams.get(model);
  if (model !== undefined) exchange.log.servedBy = model.name;

  // GATEWAY.md: count_tokens never answers 404 — a model no route serves still gets the estimate
  // (Claude Code asks for its context bar with whatever model name it holds).
  let inputTokens: number | undefined;
  if (model !== undefined && upstream?.tokenize !== undefined) {
    const plan = resolveModelPlan(model);
    // count_tokens has no max_tokens; the translation needs one, and /tokenize ignores it.
    const translated = translateRequest({ ...request, max_tokens: 1 }, plan, model, {
      thinking: thinkingEnabled({ thinking: model.thinking, alwaysThinks: plan.alwaysThinks }, request),
    });
    inputTokens = await upstream.tokenize({ ...tokenizeRequestBody(translated.body) }, exchange.clientSignal);
  }
  if (exchange.clientSignal.aborted) return;
  const input_tokens = inputTokens ?? estimateTokens(request);
  exchange.log.inputTokens = input_tokens;
  sendJson(exchange.response, 200, { input_tokens });
}
