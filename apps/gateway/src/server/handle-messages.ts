import { gatewayError, reasonOfStreamError, type StreamEvent } from "@sluice/events";
import type { TranscoderOptions } from "@sluice/pipeline";
import {
  createMessageAggregator,
  decodeMessagesRequest,
  type MessagesRequest,
} from "@sluice/protocol-anthropic";
import type { ModelPlan } from "../config/resolve-model-plan";
import { toolSchemas } from "../translate/tool-schemas";
import { translateRequest } from "../translate/translate-request";
import type { UpstreamResponse } from "../upstream/upstream";
import { boundedForMessage } from "./bounded-for-message";
import { callUpstream } from "./call-upstream";
import type { ServedModel } from "./compile-served-config";
import { createAnswerBudget } from "./create-answer-budget";
import type { Exchange, GatewayContext } from "./exchange";
import { noteFirstByte, noteSummary } from "./note-summary";
import { promptTokensAtStart } from "./prompt-tokens-at-start";
import { readDecodedBody } from "./read-decoded-body";
import { relayUpstream } from "./relay-upstream";
import { replyError } from "./reply-error";
import { sendJson } from "./send-json";
import { startSseResponse } from "./start-sse-response";
import { unknownModelError } from "./unknown-model-error";

/**
 * `POST /v1/messages`: decode, route, translate, call the upstream (always streaming), then either
 * relay SSE (`stream: true`) or fold the same events into one message (`stream: false`).
 */
export async function handleMessages(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { served } = gateway;
  const request = await readDecodedBody(exchange, gateway, decodeMessagesRequest);
  if (request === undefined) return;
  const { log } = exchange;
  log.model = boundedForMessage(request.model);
  log.stream = request.stream === true;

  const servedModel = served.route(request.model);
  if (servedModel === undefined) {
    replyError(exchange, unknownModelError(request.model, served.models, "anthropic"));
    return;
  }
  const { plan, upstream, config: model } = servedModel;
  const thinking = servedModel.thinking(request);
  const translated = translateRequest(request, plan, model, { thinking });
  log.servedBy = model.name;
  if (upstream.url !== undefined) log.upstreamUrl = upstream.url;
  if (plan.presetName !== undefined) log.preset = plan.presetName;
  if (translated.warnings.length > 0) log.translationWarnings = translated.warnings;

  const upstreamResponse = await callUpstream(exchange, gateway, servedModel, translated.body);
  if (upstreamResponse === undefined) return;

  // After the call: the output budget may have had the server count this very prompt.
  const inputTokens = promptTokensAtStart(exchange, translated.body);
  const options = transcoderOptions(request, plan, thinking, translated.startsInReasoning, inputTokens);
  if (request.stream === true) await streamMessage(exchange, gateway, upstreamResponse, options, servedModel);
  else await aggregateMessage(exchange, gateway, upstreamResponse, options, servedModel);
}

function transcoderOptions(
  request: MessagesRequest,
  plan: ModelPlan,
  thinking: boolean,
  startsInReasoning: boolean | undefined,
  inputTokens: number,
): TranscoderOptions {
  const choice = request.tool_choice;
  return {
    reasoning: plan.reasoning,
    tool: plan.tool,
    thinking,
    startsInReasoning,
    tools: toolSchemas(request),
    stopSequences: request.stop_sequences,
    disableParallelToolUse:
      choice !== undefined &&
      "disable_parallel_tool_use" in choice &&
      choice.disable_parallel_tool_use === true,
    // Echo the name the client asked for (an alias such as claude-sonnet-4-5), not the configured one.
    model: request.model,
    inputTokens,
  };
}

async function streamMessage(
  exchange: Exchange,
  gateway: GatewayContext,
  upstreamResponse: UpstreamResponse,
  options: TranscoderOptions,
  model: ServedModel,
): Promise<void> {
  const sse = startSseResponse(exchange.response, gateway.pingIntervalMs);
  try {
    const summary = await relayUpstream({
      body: upstreamResponse.body,
      transcoder: options,
      clientSignal: exchange.clientSignal,
      shutdownSignal: exchange.shutdownSignal,
      secrets: model.secrets,
      emit: (events) => sse.emit(events),
      onFirstByte: () => noteFirstByte(exchange),
    });
    noteSummary(exchange, gateway, summary);
  } catch (error) {
    // A gateway bug mid-stream still ends the stream the way clients understand: an error event.
    const reason = error instanceof Error ? error.message : String(error);
    sse.emit([{ type: "error", error: { type: "api_error", message: `internal error: ${reason}` } }]);
    throw error;
  } finally {
    sse.end();
  }
}

async function aggregateMessage(
  exchange: Exchange,
  gateway: GatewayContext,
  upstreamResponse: UpstreamResponse,
  options: TranscoderOptions,
  model: ServedModel,
): Promise<void> {
  const aggregator = createMessageAggregator();
  const budget = createAnswerBudget({
    maxBytes: gateway.served.config.server.maxAnswerBytes,
    inflight: gateway.bodyBudget,
    advice: "ask for it with stream: true (a stream is passed on, not held) or with a lower max_tokens",
  });
  exchange.response.once("close", () => budget.release());
  const summary = await relayUpstream({
    body: upstreamResponse.body,
    transcoder: options,
    clientSignal: exchange.clientSignal,
    shutdownSignal: exchange.shutdownSignal,
    secrets: model.secrets,
    emit: (events: readonly StreamEvent[]) => {
      for (const event of events) aggregator.push(event);
      return undefined;
    },
    onFirstByte: () => noteFirstByte(exchange),
    limit: (events) => budget.take(events),
  });
  noteSummary(exchange, gateway, summary);
  if (exchange.clientSignal.aborted) return;
  if (budget.failure !== undefined) {
    replyError(exchange, budget.failure);
    return;
  }
  const error = aggregator.error;
  if (error !== undefined) {
    replyError(exchange, gatewayError(reasonOfStreamError(error.type), error.message));
    return;
  }
  sendJson(exchange.response, 200, aggregator.message());
}
