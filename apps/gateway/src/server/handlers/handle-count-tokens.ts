import { decodeCountTokensRequest } from "@sluice/protocol-anthropic";
import { estimateChatTokens } from "../../translate/estimate-chat-tokens";
import { estimateTokens } from "../../translate/estimate-tokens";
import { tokenizeRequestBody } from "../../translate/tokenize-request-body";
import { translateRequest } from "../../translate/translate-request";
import type { Exchange, GatewayContext } from "../exchange";
import { boundedForMessage } from "../generation/bounded-for-message";
import { readDecodedBody } from "../http/read-decoded-body";
import { sendJson } from "../http/send-json";

/**
 * `POST /v1/messages/count_tokens` → `{"input_tokens": N}`: the upstream's `/tokenize` over the
 * translated chat request when it has one (exact: it renders the template), else the estimate of that chat
 * request (message_start's), else, for a model no route serves, the estimate of the request itself.
 */
export async function handleCountTokens(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { served } = gateway;
  const request = await readDecodedBody(exchange, gateway, decodeCountTokensRequest, "count_tokens");
  if (request === undefined) return;
  exchange.log.model = boundedForMessage(request.model);
  const servedModel = served.route(request.model);
  if (servedModel !== undefined) exchange.log.servedBy = servedModel.name;

  // docs/http-api.md §1: count_tokens never answers 404 — a model no route serves still gets the estimate
  // (Claude Code asks for its context bar with whatever model name it holds).
  let inputTokens: number | undefined;
  if (servedModel !== undefined) {
    // count_tokens has no max_tokens; the translation needs one, and /tokenize ignores it.
    const translated = translateRequest({ ...request, max_tokens: 1 }, servedModel.plan, servedModel.config, {
      thinking: servedModel.thinking(request),
    });
    const tokenize = servedModel.upstream.tokenize?.bind(servedModel.upstream);
    inputTokens = await tokenize?.({ ...tokenizeRequestBody(translated.body) }, exchange.clientSignal);
    // The estimate message_start gives for the same request, when the server cannot count.
    inputTokens ??= estimateChatTokens(translated.body);
  }
  if (exchange.clientSignal.aborted) return;
  const input_tokens = inputTokens ?? estimateTokens(request);
  exchange.log.inputTokens = input_tokens;
  sendJson(exchange.response, 200, { input_tokens });
}
