import type { TranscoderSummary } from "@sluice/pipeline";
import type { Exchange, GatewayContext } from "../exchange";
import { noteUpstreamError } from "./note-upstream-error";

/**
 * What the request line says about a relayed stream: stop reason, blocks, warnings, tokens. Called once
 * per stream, at its end; the metrics read the same fields when the response closes.
 */
export function noteSummary(exchange: Exchange, gateway: GatewayContext, summary: TranscoderSummary): void {
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
    const counts = new Map<string, number>();
    for (const { code } of summary.warnings) counts.set(code, (counts.get(code) ?? 0) + 1);
    log.warningCodes = [...counts.keys()];
    log.warningCounts = Object.fromEntries(counts);
  }
  log.inputTokens = summary.usage.inputTokens;
  log.outputTokens = summary.usage.outputTokens;
}

/** Time to the upstream's first body byte, for the request line. */
export function noteFirstByte(exchange: Exchange): void {
  exchange.log.ttfbMs = Math.round(performance.now() - exchange.receivedAt);
}
