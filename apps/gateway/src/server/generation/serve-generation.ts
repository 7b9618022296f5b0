import type { TranscoderOptions } from "@sluice/pipeline";
import { estimateChatTokens } from "../../translate/estimate-chat-tokens";
import type { Exchange, GatewayContext } from "../exchange";
import { replyError } from "../http/reply-error";
import type { ServedModel } from "../served/compile-served-config";
import { boundedForMessage } from "./bounded-for-message";
import { callUpstream } from "./call-upstream";
import { relayAnswer } from "./relay-answer";
import type { SurfaceEncoder } from "./surface-encoder";
import { unknownModelError } from "./unknown-model-error";

/** A generation request as its route decoded it, in its own surface's types behind `plan`. */
export interface Generation {
  /** The model name the client sent, routed by name and aliases and echoed back. */
  readonly clientModel: string;
  readonly stream: boolean;
  /** The request for the model it was routed to: its template rules, thinking and budget applied. */
  plan(model: ServedModel): GenerationPlan;
  readonly encoder: SurfaceEncoder;
}

export interface GenerationPlan {
  /** The chat request for the upstream. */
  readonly body: Record<string, unknown>;
  /** Lines for the request log: what the surface and the translation could not pass on. */
  readonly warnings: readonly string[];
  /** The transcoder's options, given the prompt tokens message_start reports. */
  transcoder(inputTokens: number): TranscoderOptions;
}

/**
 * The one shape of every generation route (docs/http-api.md §1, §4, §6), after its body was decoded: route the
 * model (404 in the route's words), plan, call the upstream (errors before the first byte answered in the
 * route's shape), relay through the surface's encoder; the request line is filled on the way.
 */
export async function serveGeneration(
  exchange: Exchange,
  gateway: GatewayContext,
  generation: Generation,
): Promise<void> {
  const { log } = exchange;
  const { served } = gateway;
  log.model = boundedForMessage(generation.clientModel);
  log.stream = generation.stream;
  const model = served.route(generation.clientModel);
  if (model === undefined) {
    replyError(exchange, unknownModelError(generation.clientModel, served.models, exchange.errorShape));
    return;
  }
  const plan = generation.plan(model);
  log.servedBy = model.name;
  if (model.upstream.url !== undefined) log.upstreamUrl = model.upstream.url;
  if (model.plan.presetName !== undefined) log.preset = model.plan.presetName;
  if (plan.warnings.length > 0) log.translationWarnings = plan.warnings;

  const upstreamResponse = await callUpstream(exchange, gateway, model, plan.body);
  if (upstreamResponse === undefined) return;
  await relayAnswer(exchange, gateway, {
    body: upstreamResponse.body,
    // After the call: the output budget may have had the server count this very prompt.
    transcoder: plan.transcoder(promptTokensAtStart(exchange, plan.body)),
    secrets: model.secrets,
    stream: generation.stream,
    encoder: generation.encoder,
  });
}

/**
 * The prompt tokens an answer reports before the server's own usage arrives (Anthropic's message_start):
 * the server's count when it counted this prompt for the output budget (its /tokenize, or its refusal's
 * numbers), else the estimate of the chat request sent. The final usage is always the server's.
 */
function promptTokensAtStart(exchange: Exchange, body: Readonly<Record<string, unknown>>): number {
  const budget = exchange.log.outputBudget;
  return budget !== undefined && budget.measuredBy !== "estimate"
    ? budget.promptTokens
    : estimateChatTokens(body);
}
