import type { TranscoderOptions, TranscoderSummary } from "@sluice/pipeline";
import {
  createMessageAggregator,
  decodeMessagesRequest,
  type MessageStreamEvent,
  type MessagesRequest,
} from "@sluice/protocol-anthropic";
import type { ModelConfig } from "../config/config";
import type { ModelPlan } from "../config/resolve-model-plan";
import { estimateTokens } from "../translate/estimate-tokens";
import { toolSchemas } from "../translate/tool-schemas";
import { translateRequest } from "../translate/translate-request";
import { mapUpstreamFailure, mapUpstreamHttpError } from "../upstream/map-upstream-error";
import { readUpstreamText } from "../upstream/read-upstream-text";
import type { UpstreamResponse } from "../upstream/upstream";
import type { Exchange, GatewayContext } from "./exchange";
import { readJsonBody } from "./read-json-body";
import { relayUpstream } from "./relay-upstream";
import { replyError } from "./reply-error";
import { sendJson } from "./send-json";
import { startSseResponse } from "./start-sse-response";
import { streamErrorStatus } from "./stream-error-status";

/**
 * `POST /v1/messages`: decode, route, translate, call the upstream (always streaming), then either
 * relay SSE (`stream: true`) or fold the same events into one message (`stream: false`).
 */
export async function handleMessages(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { served } = gateway;
  const body = await readJsonBody(exchange, served.config.server.maxBodyBytes);
  if (!body.ok) return;
  const decoded = decodeMessagesRequest(body.json);
  if (!decoded.ok) {
    replyError(exchange, 400, "invalid_request_error", decoded.message);
    return;
  }
  const { request } = decoded;
  const { log } = exchange;
  log.model = request.model;
  log.stream = request.stream === true;

  const servedModel = served.route(request.model);
  if (servedModel === undefined) {
    // Anthropic's own wording for an unknown model.
    replyError(exchange, 404, "not_found_error", `model: ${request.model}`);
    return;
  }
  const { plan, upstream, config: model } = servedModel;
  const thinking = servedModel.thinking(request);
  const translated = translateRequest(request, plan, model, { thinking });
  log.servedBy = model.name;
  if (plan.presetName !== undefined) log.preset = plan.presetName;
  if (translated.warnings.length > 0) log.translationWarnings = translated.warnings;

  const apiKey = model.upstream.apiKey;
  let upstreamResponse: UpstreamResponse;
  try {
    upstreamResponse = await upstream.send({ body: translated.body, signal: exchange.clientSignal });
  } catch (error) {
    if (exchange.clientSignal.aborted) return;
    const mapped = mapUpstreamFailure(error, { apiKey });
    replyError(exchange, mapped.status, mapped.type, mapped.message);
    return;
  }
  log.upstreamStatus = upstreamResponse.status;

  if (upstreamResponse.status !== 200) {
    const text = await readUpstreamText(upstreamResponse.body).catch(() => "");
    const mapped = mapUpstreamHttpError(upstreamResponse.status, text, upstreamResponse.headers, { apiKey });
    const headers = mapped.retryAfter === undefined ? {} : { "retry-after": mapped.retryAfter };
    replyError(exchange, mapped.status, mapped.type, mapped.message, headers);
    return;
  }

  const options = transcoderOptions(request, plan, thinking);
  if (request.stream === true) await streamMessage(exchange, gateway, upstreamResponse, options, model);
  else await aggregateMessage(exchange, upstreamResponse, options, model);
}

function transcoderOptions(request: MessagesRequest, plan: ModelPlan, thinking: boolean): TranscoderOptions {
  const choice = request.tool_choice;
  return {
    reasoning: plan.reasoning,
    tool: plan.tool,
    thinking,
    tools: toolSchemas(request),
    stopSequences: request.stop_sequences,
    disableParallelToolUse:
      choice !== undefined &&
      "disable_parallel_tool_use" in choice &&
      choice.disable_parallel_tool_use === true,
    // Echo the name the client asked for (an alias such as claude-sonnet-4-5), not the configured one.
    model: request.model,
    inputTokens: estimateTokens(request),
  };
}

async function streamMessage(
  exchange: Exchange,
  gateway: GatewayContext,
  upstreamResponse: UpstreamResponse,
  options: TranscoderOptions,
  model: ModelConfig,
): Promise<void> {
  const sse = startSseResponse(exchange.response, gateway.pingIntervalMs);
  try {
    const summary = await relayUpstream({
      body: upstreamResponse.body,
      transcoder: options,
      clientSignal: exchange.clientSignal,
      apiKey: model.upstream.apiKey,
      emit: (events) => sse.emit(events),
      onFirstByte: () => noteFirstByte(exchange),
    });
    noteSummary(exchange, summary);
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
  upstreamResponse: UpstreamResponse,
  options: TranscoderOptions,
  model: ModelConfig,
): Promise<void> {
  const aggregator = createMessageAggregator();
  const summary = await relayUpstream({
    body: upstreamResponse.body,
    transcoder: options,
    clientSignal: exchange.clientSignal,
    apiKey: model.upstream.apiKey,
    emit: (events: readonly MessageStreamEvent[]) => {
      for (const event of events) aggregator.push(event);
      return undefined;
    },
    onFirstByte: () => noteFirstByte(exchange),
  });
  noteSummary(exchange, summary);
  if (exchange.clientSignal.aborted) return;
  const error = aggregator.error;
  if (error !== undefined) {
    replyError(exchange, streamErrorStatus(error.type), error.type, error.message);
    return;
  }
  sendJson(exchange.response, 200, aggregator.message());
}

function noteFirstByte(exchange: Exchange): void {
  exchange.log.ttfbMs = Math.round(performance.now() - exchange.receivedAt);
}

function noteSummary(exchange: Exchange, summary: TranscoderSummary): void {
  const { log } = exchange;
  if (summary.stopReason !== undefined) log.stopReason = summary.stopReason;
  if (summary.error !== undefined) log.error = summary.error;
  log.blocks = summary.blockCounts;
  log.warnings = summary.warnings.length;
  if (summary.warnings.length > 0) {
    log.warningCodes = [...new Set(summary.warnings.map((warning) => warning.code))];
  }
  log.inputTokens = summary.usage.input_tokens;
  log.outputTokens = summary.usage.output_tokens;
}
