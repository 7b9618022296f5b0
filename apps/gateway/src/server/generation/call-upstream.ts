import { shuttingDown } from "../../errors/shutting-down";
import { RecordingBody } from "../../record/recording-body";
import { mapUpstreamFailure, mapUpstreamHttpError } from "../../upstream/map-upstream-error";
import { readUpstreamText } from "../../upstream/read-upstream-text";
import type { UpstreamResponse } from "../../upstream/upstream";
import { upstreamUrlOf } from "../../upstream/upstream-url-of";
import type { Exchange, GatewayContext } from "../exchange";
import { replyError } from "../http/reply-error";
import type { ServedModel } from "../served/compile-served-config";
import { noteUpstreamError } from "./note-upstream-error";
import { sendWithinWindow } from "./send-within-window";

/**
 * Sends the translated chat request to the model's upstream (always streaming) and returns its 200
 * response; a surface sets `exchange.log.stream` before, so a streamed answer counts as an open stream
 * until the response closes. Anything else is answered here, in the client's surface (docs/http-api.md
 * §5): a refused connection, a timeout, an upstream status mapped to the error table, a shutdown. Every
 * surface (Anthropic Messages, OpenAI Chat Completions, OpenAI Responses) calls the upstream through this.
 * With replicas, the log and the messages name the replica actually called. `max_tokens` is fitted into
 * the model's context window on the way (`sendWithinWindow`).
 */
export async function callUpstream(
  exchange: Exchange,
  gateway: GatewayContext,
  model: ServedModel,
  body: Record<string, unknown>,
): Promise<UpstreamResponse | undefined> {
  const { upstream } = model;
  const upstreamContext = {
    secrets: model.secrets,
    url: upstream.url,
    upstreamModel: model.config.upstream.model,
    serverFixes: model.plan.template?.serverFixes,
  };
  const { recorder } = exchange;
  let response: UpstreamResponse;
  try {
    response = await sendWithinWindow(
      model,
      body,
      // A shutdown's drain timeout aborts the upstream call too: a stream that never ends cannot hold it.
      AbortSignal.any([exchange.clientSignal, exchange.shutdownSignal]),
      {
        onSend: (sent) => recorder?.upstreamCall(model, sent),
        onBudget: (note) => {
          exchange.log.outputBudget = note;
        },
      },
    );
  } catch (error) {
    if (exchange.clientSignal.aborted) return undefined;
    if (exchange.shutdownSignal.aborted) {
      replyError(exchange, shuttingDown());
      return undefined;
    }
    exchange.log.upstreamFailed = true;
    const failedUrl = upstreamUrlOf(error);
    if (failedUrl !== undefined) exchange.log.upstreamUrl = failedUrl;
    const mapped = mapUpstreamFailure(error, upstreamContext);
    recorder?.upstreamFailure(mapped.message, exchange.log.upstreamUrl);
    noteUpstreamError(exchange, gateway, mapped.message);
    replyError(exchange, mapped);
    return undefined;
  }
  exchange.log.upstreamStatus = response.status;
  if (response.url !== undefined) exchange.log.upstreamUrl = response.url;
  if (recorder !== undefined) {
    recorder.upstreamStatus(response.status, exchange.log.upstreamUrl);
    // The relay (or the error read below) pulls the reads through the recorder.
    response = { ...response, body: new RecordingBody(response.body, recorder) };
  }
  if (response.status === 200) {
    // Every surface relays a 200 right away, so this is where its stream to the client opens (for the
    // open-streams gauge); a client that already left has no stream, and no `close` event still to come.
    if (exchange.log.stream === true && !exchange.clientSignal.aborted) {
      exchange.response.once("close", gateway.metrics.streamOpened(model.name));
    }
    return response;
  }

  const text = await readUpstreamText(response.body).catch(() => "");
  const mapped = mapUpstreamHttpError(response.status, text, response.headers, {
    ...upstreamContext,
    url: exchange.log.upstreamUrl,
  });
  noteUpstreamError(exchange, gateway, mapped.message);
  replyError(exchange, mapped);
  return undefined;
}
