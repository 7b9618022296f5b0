import type { Exchange, GatewayContext } from "../exchange";

/** Upstream failures get their own warn line naming the URL called (the message is already scrubbed). */
export function noteUpstreamError(exchange: Exchange, gateway: GatewayContext, message: string): void {
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
