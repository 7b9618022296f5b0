import pino, { type DestinationStream, type Logger } from "pino";

export interface GatewayLoggerOptions {
  /** Default `info`. */
  readonly level?: string;
  /** Default stderr, so the CLI's stdout carries only the `listening on …` line. */
  readonly destination?: DestinationStream;
}

/** The gateway's pino logger: one JSON object per line, ISO timestamps, no pid/hostname noise. */
export function createGatewayLogger(options: GatewayLoggerOptions = {}): Logger {
  return pino(
    { level: options.level ?? "info", base: null, timestamp: pino.stdTimeFunctions.isoTime },
    options.destination ?? pino.destination({ dest: 2, sync: true }),
  );
}
