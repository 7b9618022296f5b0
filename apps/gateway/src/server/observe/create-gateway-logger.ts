import pino, { type DestinationStream, type Logger } from "pino";
import { prettyFactory } from "pino-pretty";
import { createLogDestination } from "./create-log-destination";

/** `json`: one JSON object per line, for machines. `pretty`: one readable line per entry, for a person. */
export type LogFormat = "json" | "pretty";

export const LOG_FORMATS: readonly LogFormat[] = ["json", "pretty"];

export interface GatewayLoggerOptions {
  /** Default `info`. */
  readonly level?: string;
  /** Default `json`. */
  readonly format?: LogFormat;
  /** ANSI colours in the `pretty` format; default false. */
  readonly colors?: boolean;
  /** Default stderr (`createLogDestination()`), so the CLI's stdout carries only what it prints itself. */
  readonly destination?: DestinationStream;
}

// Defence in depth: the gateway logs no key by construction, and a key that slips into a field is masked.
const SECRET_PATHS = ["apiKey", "apiKeys", "api_key", "api_keys", "authorization"].flatMap((key) => [
  key,
  `*.${key}`,
]);

/** The gateway's pino logger: ISO timestamps, no pid/hostname noise, JSON lines or pino-pretty lines. */
export function createGatewayLogger(options: GatewayLoggerOptions = {}): Logger {
  const destination = options.destination ?? createLogDestination();
  return pino(
    {
      level: options.level ?? "info",
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: SECRET_PATHS, censor: "[redacted]" },
    },
    options.format === "pretty" ? prettyDestination(destination, options.colors ?? false) : destination,
  );
}

/** Rewrites each JSON line with pino-pretty in this thread, so the same destination (and its error handling) gets it. */
function prettyDestination(destination: DestinationStream, colors: boolean): DestinationStream {
  const prettify = prettyFactory({
    colorize: colors,
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
    singleLine: true,
  });
  return { write: (line: string) => destination.write(prettify(line)) };
}
