import { type ErrorObject, gatewayError, reasonOfStreamError, type StreamEvent } from "@sluice/events";
import type { ChatThinkingRequest } from "../config/chat-thinking-enabled";
import { chatTranscoderOptions } from "../translate/chat-transcoder-options";
import { translateChatRequest } from "../translate/translate-chat-request";
import { boundedForMessage } from "./bounded-for-message";
import { callUpstream } from "./call-upstream";
import { createAnswerBudget } from "./create-answer-budget";
import type { Exchange, GatewayContext } from "./exchange";
import { noteFirstByte, noteSummary } from "./note-summary";
import { promptTokensAtStart } from "./prompt-tokens-at-start";
import { relayUpstream } from "./relay-upstream";
import { replyError } from "./reply-error";
import { sendJson } from "./send-json";
import { startStreamResponse } from "./start-stream-response";
import { unknownModelError } from "./unknown-model-error";

/** How one OpenAI surface writes the pipeline's events: as a stream, or folded into one answer. */
export interface ChatSurface {
  /** The model name the client sent, routed by name and aliases and echoed back. */
  readonly clientModel: string;
  /** The request in Chat Completions form: the client's own, or a Responses request turned into one. */
  readonly chat: Readonly<Record<string, unknown>>;
  /** What decides thinking: `reasoning_effort` and the client's own template switch. */
  readonly thinking: ChatThinkingRequest;
  readonly stream: boolean;
  /**
   * The stream repeats its output at its end (Responses: the `.done` events, `response.completed`), so
   * a streamed answer is held whole too, within `server.max_answer_bytes`, as a `stream: false` one is.
   */
  readonly streamHoldsAnswer: boolean;
  /** What a client can do about an answer past `server.max_answer_bytes`, for the error message. */
  readonly tooLargeAdvice: string;
  /** Lines for the request log: what the surface could not pass on. */
  readonly warnings: readonly string[];
  /** SSE text for each read's events, then what ends the stream (`data: [DONE]`); its keep-alive. */
  createStreamEncoder(): {
    encode(events: readonly StreamEvent[]): string;
    end(): string;
    readonly ping: string;
  };
  /** The non-streaming answer the same events fold into. */
  createAggregator(): {
    push(event: StreamEvent): void;
    readonly error: ErrorObject | undefined;
    result(): unknown;
  };
}

/**
 * The OpenAI surfaces' path (docs/http-api.md §6), the same as `/v1/messages` after the request:
 * route, decide thinking, translate, call the upstream, relay through the one pipeline; only the
 * encoder differs. Errors before the first byte are answered in OpenAI's shape by `replyError`.
 */
export async function serveChatRequest(
  exchange: Exchange,
  gateway: GatewayContext,
  surface: ChatSurface,
): Promise<void> {
  const { log } = exchange;
  log.model = boundedForMessage(surface.clientModel);
  log.stream = surface.stream;
  const servedModel = gateway.served.route(surface.clientModel);
  if (servedModel === undefined) {
    replyError(exchange, unknownModelError(surface.clientModel, gateway.served.models, "openai"));
    return;
  }
  const { plan, upstream, config: model } = servedModel;
  const thinking = servedModel.chatThinking(surface.thinking);
  const translated = translateChatRequest(surface.chat, plan, model, { thinking });
  log.servedBy = model.name;
  if (upstream.url !== undefined) log.upstreamUrl = upstream.url;
  if (plan.presetName !== undefined) log.preset = plan.presetName;
  const warnings = [...surface.warnings, ...translated.warnings];
  if (warnings.length > 0) log.translationWarnings = warnings;

  const upstreamResponse = await callUpstream(exchange, gateway, servedModel, translated.body);
  if (upstreamResponse === undefined) return;
  const budget =
    surface.stream && !surface.streamHoldsAnswer
      ? undefined
      : createAnswerBudget({
          maxBytes: gateway.served.config.server.maxAnswerBytes,
          inflight: gateway.bodyBudget,
          advice: surface.tooLargeAdvice,
        });
  if (budget !== undefined) exchange.response.once("close", () => budget.release());
  const relay = {
    body: upstreamResponse.body,
    transcoder: chatTranscoderOptions(surface.chat, translated.body, plan, {
      thinking,
      startsInReasoning: translated.startsInReasoning,
      clientModel: surface.clientModel,
      inputTokens: promptTokensAtStart(exchange, translated.body),
    }),
    clientSignal: exchange.clientSignal,
    shutdownSignal: exchange.shutdownSignal,
    secrets: servedModel.secrets,
    onFirstByte: () => noteFirstByte(exchange),
    ...(budget === undefined ? {} : { limit: (events: readonly StreamEvent[]) => budget.take(events) }),
  };

  if (surface.stream) {
    const encoder = surface.createStreamEncoder();
    const stream = startStreamResponse(exchange.response, gateway.pingIntervalMs, encoder.ping);
    try {
      const summary = await relayUpstream({
        ...relay,
        emit: (events) => stream.write(encoder.encode(events)),
      });
      noteSummary(exchange, gateway, summary);
      stream.write(encoder.end());
    } catch (error) {
      // A gateway bug mid-stream still ends the stream the way clients understand: an error event.
      const reason = error instanceof Error ? error.message : String(error);
      stream.write(
        encoder.encode([
          { type: "error", error: { type: "api_error", message: `internal error: ${reason}` } },
        ]),
      );
      throw error;
    } finally {
      stream.end();
    }
    return;
  }

  const aggregator = surface.createAggregator();
  const summary = await relayUpstream({
    ...relay,
    emit: (events) => {
      for (const event of events) aggregator.push(event);
      return undefined;
    },
  });
  noteSummary(exchange, gateway, summary);
  if (exchange.clientSignal.aborted) return;
  if (budget?.failure !== undefined) {
    replyError(exchange, budget.failure);
    return;
  }
  const { error } = aggregator;
  if (error !== undefined) {
    replyError(exchange, gatewayError(reasonOfStreamError(error.type), error.message));
    return;
  }
  sendJson(exchange.response, 200, aggregator.result());
}
