import { gatewayError, reasonOfStreamError, type StreamEvent } from "@sluice/events";
import type { TranscoderOptions } from "@sluice/pipeline";
import type { Exchange, GatewayContext } from "../exchange";
import { replyError } from "../http/reply-error";
import { sendJson } from "../http/send-json";
import { startStreamResponse } from "../http/start-stream-response";
import { createAnswerBudget } from "./create-answer-budget";
import { noteFirstByte, noteSummary } from "./note-summary";
import { relayUpstream } from "./relay-upstream";
import type { SurfaceEncoder } from "./surface-encoder";

export interface Answer {
  /** The upstream's 200 body. */
  readonly body: AsyncIterable<Uint8Array>;
  readonly transcoder: TranscoderOptions;
  /** The model's upstream secrets, scrubbed from every error the answer ends with. */
  readonly secrets: readonly string[];
  readonly stream: boolean;
  readonly encoder: SurfaceEncoder;
}

/**
 * The one relay of every surface (docs/architecture.md §1): the upstream's answer through the pipeline,
 * written by the surface's encoder as a stream (`stream: true`), or folded into one answer held within
 * `server.max_answer_bytes`; a stream that holds its answer (Responses) is held within it too. Then the
 * request line gets the stream's summary.
 */
export async function relayAnswer(
  exchange: Exchange,
  gateway: GatewayContext,
  answer: Answer,
): Promise<void> {
  const { encoder } = answer;
  const budget =
    answer.stream && !encoder.streamHoldsAnswer
      ? undefined
      : createAnswerBudget({
          maxBytes: gateway.served.config.server.maxAnswerBytes,
          inflight: gateway.bodyBudget,
          advice: encoder.tooLargeAdvice,
        });
  if (budget !== undefined) exchange.response.once("close", () => budget.release());
  const relay = {
    body: answer.body,
    transcoder: answer.transcoder,
    clientSignal: exchange.clientSignal,
    shutdownSignal: exchange.shutdownSignal,
    secrets: answer.secrets,
    onFirstByte: () => noteFirstByte(exchange),
    ...(budget === undefined ? {} : { limit: (events: readonly StreamEvent[]) => budget.take(events) }),
  };

  if (answer.stream) {
    const encoded = encoder.createStream();
    const stream = startStreamResponse(
      exchange.request,
      exchange.response,
      gateway.pingIntervalMs,
      encoded.ping,
    );
    try {
      const summary = await relayUpstream({
        ...relay,
        emit: (events) => stream.write(encoded.encode(events)),
      });
      noteSummary(exchange, gateway, summary);
      stream.write(encoded.end());
    } catch (error) {
      // A gateway bug mid-stream still ends the stream the way clients understand: an error event.
      const reason = error instanceof Error ? error.message : String(error);
      stream.write(
        encoded.encode([
          { type: "error", error: gatewayError("internal", `internal error: ${reason}`).object },
        ]),
      );
      throw error;
    } finally {
      stream.end();
    }
    return;
  }

  const aggregator = encoder.createAggregator();
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
