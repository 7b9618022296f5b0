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
import { scrubSecrets } from "../upstream/scrub-secrets";
import type { UpstreamResponse } from "../upstream/upstream";
import { boundedForMessage } from "./bounded-for-message";
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
    // Anthropic's own wording for an unknown model; a huge name is not echoed whole.
    replyError(exchange, 404, "not_found_error", `model: ${boundedForMessage(request.model)}`);
    return;
  }
  const { plan, upstream, config: model } = servedModel;
  const thinking = servedModel.thinking(request);
  const translated = translateRequest(request, plan, model, { thinking });
  log.servedBy = model.name;
  if (upstream.url !== undefined) log.upstreamUrl = upstream.url;
  if (plan.presetName !== undefined) log.preset = plan.presetName;
  if (translated.warnings.length > 0) log.translationWarnings = translated.warnings;

  const apiKey = model.upstream.apiKey;
  const upstreamContext = { apiKey, url: upstream.url, upstreamModel: model.upstream.model };
  let upstreamResponse: UpstreamResponse;
  try {
    upstreamResponse = await upstream.send({ body: translated.body, signal: exchange.clientSignal });
  } catch (error) {
    if (exchange.clientSignal.aborted) return;
    const mapped = mapUpstreamFailure(error, upstreamContext);
    noteUpstreamError(exchange, gateway, mapped.message);
    replyError(exchange, mapped.status, mapped.type, mapped.message, { retry: mapped.retry });
    return;
  }
  log.upstreamStatus = upstreamResponse.status;

  if (upstreamResponse.status !== 200) {
    const text = await readUpstreamText(upstreamResponse.body).catch(() => "");
    const mapped = mapUpstreamHttpError(
      upstreamResponse.status,
      text,
      upstreamResponse.headers,
      upstreamContext,
    );
    noteUpstreamError(exchange, gateway, mapped.message);
    const headers = mapped.retryAfter === undefined ? {} : { "retry-after": mapped.retryAfter };
    replyError(exchange, mapped.status, mapped.type, mapped.message, { headers, retry: mapped.retry });
    return;
  }

  const options = transcoderOptions(request, plan, thinking);
  if (request.stream === true) await streamMessage(exchange, gateway, upstreamResponse, options, model);
  else await aggregateMessage(exchange, gateway, upstreamResponse, options, model);
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
    noteSummary(exchange, gateway, summary, model);
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
  noteSummary(exchange, gateway, summary, model);
  if (exchange.clientSignal.aborted) return;
  const error = aggregator.error;
  if (error !== undefined) {
    replyError(exchange, streamErrorStatus(error.type), error.type, error.message);
    return;
  }
  sendJson(exchange.response, 200, aggregator.message());
}

/** Upstream failures get their own warn line naming the URL called (the message is already scrubbed). */
function noteUpstreamError(exchange: Exchange, gateway: GatewayContext, message: string): void {
  const { log } = exchange;
  gateway.logger.warn(
    {
      requestId: exchange.requestId,
      model: log.servedBy,
      upstreamUrl: log.upstreamUrl,
      upstreamStatus: log.upstreamStatus,
      message,
    },
    "upstream error",
  );
}

function noteFirstByte(exchange: Exchange): void {
  exchange.log.ttfbMs = Math.round(performance.now() - exchange.receivedAt);
}

function noteSummary(
  exchange: Exchange,
  gateway: GatewayContext,
  summary: TranscoderSummary,
  model: ModelConfig,
): void {
  const { log } = exchange;
  // After the first byte: an error chunk, a cut or a timeout, which the stream reported as an error event.
  if (summary.error !== undefined && !exchange.clientSignal.aborted) {
    const secrets = model.upstream.apiKey === undefined ? [] : [model.upstream.apiKey];
    noteUpstreamError(exchange, gateway, scrubSecrets(summary.error.message, secrets));
  }
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
