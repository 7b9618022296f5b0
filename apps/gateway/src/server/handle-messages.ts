import type { TranscoderOptions, TranscoderSummary } from "@sluice/pipeline";
import {
  createMessageAggregator,
  decodeMessagesRequest,
  gatewayError,
  type MessageStreamEvent,
  type MessagesRequest,
  reasonOfStreamError,
} from "@sluice/protocol-anthropic";
import type { ModelPlan } from "../config/resolve-model-plan";
import { estimateTokens } from "../translate/estimate-tokens";
import { toolSchemas } from "../translate/tool-schemas";
import { translateRequest } from "../translate/translate-request";
import { mapUpstreamFailure, mapUpstreamHttpError } from "../upstream/map-upstream-error";
import { readUpstreamText } from "../upstream/read-upstream-text";
import type { UpstreamResponse } from "../upstream/upstream";
import { upstreamUrlOf } from "../upstream/upstream-url-of";
import { boundedForMessage } from "./bounded-for-message";
import type { ServedModel } from "./compile-served-config";
import type { Exchange, GatewayContext } from "./exchange";
import { readJsonBody } from "./read-json-body";
import { relayUpstream } from "./relay-upstream";
import { replyError } from "./reply-error";
import { sendJson } from "./send-json";
import { shuttingDown } from "./shutting-down";
import { startSseResponse } from "./start-sse-response";

/**
 * `POST /v1/messages`: decode, route, translate, call the upstream (always streaming), then either
 * relay SSE (`stream: true`) or fold the same events into one message (`stream: false`).
 */
export async function handleMessages(exchange: Exchange, gateway: GatewayContext): Promise<void> {
  const { served } = gateway;
  const body = await readJsonBody(exchange, {
    maxBodyBytes: served.config.server.maxBodyBytes,
    budget: gateway.bodyBudget,
  });
  if (!body.ok) return;
  const decoded = decodeMessagesRequest(body.json);
  if (!decoded.ok) {
    replyError(exchange, gatewayError("invalid_request", decoded.message));
    return;
  }
  const { request } = decoded;
  const { log } = exchange;
  log.model = boundedForMessage(request.model);
  log.stream = request.stream === true;

  const servedModel = served.route(request.model);
  if (servedModel === undefined) {
    // Anthropic's own wording for an unknown model; a huge name is not echoed whole.
    replyError(exchange, gatewayError("not_found", `model: ${boundedForMessage(request.model)}`));
    return;
  }
  const { plan, upstream, config: model } = servedModel;
  const thinking = servedModel.thinking(request);
  const translated = translateRequest(request, plan, model, { thinking });
  log.servedBy = model.name;
  if (upstream.url !== undefined) log.upstreamUrl = upstream.url;
  if (plan.presetName !== undefined) log.preset = plan.presetName;
  if (translated.warnings.length > 0) log.translationWarnings = translated.warnings;

  const upstreamContext = {
    secrets: servedModel.secrets,
    url: upstream.url,
    upstreamModel: model.upstream.model,
  };
  let upstreamResponse: UpstreamResponse;
  try {
    upstreamResponse = await upstream.send({
      body: translated.body,
      // A shutdown's drain timeout aborts the upstream call too: a stream that never ends cannot hold it.
      signal: AbortSignal.any([exchange.clientSignal, exchange.shutdownSignal]),
    });
  } catch (error) {
    if (exchange.clientSignal.aborted) return;
    if (exchange.shutdownSignal.aborted) {
      replyError(exchange, shuttingDown());
      return;
    }
    const failedUrl = upstreamUrlOf(error);
    if (failedUrl !== undefined) log.upstreamUrl = failedUrl;
    const mapped = mapUpstreamFailure(error, upstreamContext);
    noteUpstreamError(exchange, gateway, mapped.message);
    replyError(exchange, mapped);
    return;
  }
  log.upstreamStatus = upstreamResponse.status;
  if (upstreamResponse.url !== undefined) log.upstreamUrl = upstreamResponse.url;

  if (upstreamResponse.status !== 200) {
    const text = await readUpstreamText(upstreamResponse.body).catch(() => "");
    upstreamContext.url = log.upstreamUrl;
    const mapped = mapUpstreamHttpError(
      upstreamResponse.status,
      text,
      upstreamResponse.headers,
      upstreamContext,
    );
    noteUpstreamError(exchange, gateway, mapped.message);
    replyError(exchange, mapped);
    return;
  }

  const options = transcoderOptions(request, plan, thinking);
  if (request.stream === true) await streamMessage(exchange, gateway, upstreamResponse, options, servedModel);
  else await aggregateMessage(exchange, gateway, upstreamResponse, options, servedModel);
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
  const summary = await relayUpstream({
    body: upstreamResponse.body,
    transcoder: options,
    clientSignal: exchange.clientSignal,
    shutdownSignal: exchange.shutdownSignal,
    secrets: model.secrets,
    emit: (events: readonly MessageStreamEvent[]) => {
      for (const event of events) aggregator.push(event);
      return undefined;
    },
    onFirstByte: () => noteFirstByte(exchange),
  });
  noteSummary(exchange, gateway, summary);
  if (exchange.clientSignal.aborted) return;
  const error = aggregator.error;
  if (error !== undefined) {
    replyError(exchange, gatewayError(reasonOfStreamError(error.type), error.message));
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

function noteSummary(exchange: Exchange, gateway: GatewayContext, summary: TranscoderSummary): void {
  const { log } = exchange;
  // After the first byte: an error chunk, a cut or a timeout, which the stream reported as an error event.
  if (summary.error !== undefined && !exchange.clientSignal.aborted) {
    // Already scrubbed by the relay, like the event the client got.
    noteUpstreamError(exchange, gateway, summary.error.message);
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
