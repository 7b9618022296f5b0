import type { ExchangeSummary } from "@sluice/console";
import type { Exchange } from "../server/exchange";
import { clientFromUserAgent } from "./client-from-user-agent";

/**
 * One exchange as the console's list shows it, from its log line (which the handlers fill as it runs), its
 * user agent and its recorder's counts. `open`: the response is still being written, so the duration is the
 * time so far; `detail`: the ring holds the exchange's capture.
 */
export function summarizeExchange(exchange: Exchange, open: boolean, detail: boolean): ExchangeSummary {
  const { log, request } = exchange;
  const userAgent = header(request.headers["user-agent"]);
  const { client, version } = clientFromUserAgent(userAgent, header(request.headers.originator));
  const durationMs = open ? Math.round(performance.now() - exchange.receivedAt) : log.durationMs;
  return {
    id: exchange.requestId,
    time: exchange.arrivedAt.toISOString(),
    method: log.method,
    route: log.path,
    client,
    ...(version === undefined ? {} : { clientVersion: version }),
    ...(userAgent === undefined ? {} : { userAgent }),
    ...defined("model", log.model),
    ...defined("servedBy", log.servedBy),
    ...defined("preset", log.preset),
    ...defined("upstreamUrl", log.upstreamUrl),
    ...defined("upstreamStatus", log.upstreamStatus),
    state: open ? "open" : "done",
    // While open, the status is only known once the headers went.
    ...defined(
      "status",
      open ? (exchange.response.headersSent ? exchange.response.statusCode : undefined) : log.status,
    ),
    ...defined("stream", log.stream),
    ...defined("stopReason", log.stopReason),
    ...defined("inputTokens", log.inputTokens),
    ...defined("outputTokens", log.outputTokens),
    ...defined("ttfbMs", log.ttfbMs),
    ...defined("durationMs", durationMs),
    warnings: log.warnings ?? 0,
    warningCodes: log.warningCodes ?? [],
    ...defined("error", log.error),
    reads: exchange.recorder?.reads ?? 0,
    bytes: exchange.recorder?.bytes ?? 0,
    detail,
  };
}

function header(value: string | readonly string[] | undefined): string | undefined {
  return typeof value === "string" ? value : value?.[0];
}

// `exactOptionalPropertyTypes`: an absent field is left out, never written as undefined.
function defined<Key extends string, Value>(key: Key, value: Value | undefined): { [K in Key]?: Value } {
  return (value === undefined ? {} : { [key]: value }) as { [K in Key]?: Value };
}
