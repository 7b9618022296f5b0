import { LOG_FORMATS, type LogFormat } from "../server/observe/create-gateway-logger";
import { CliError } from "./cli-error";

export interface LogSettings {
  readonly level: string;
  readonly format: LogFormat;
  readonly colors: boolean;
}

/** pino's levels; a typo would otherwise throw from inside pino with a stack trace. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/**
 * `SLUICE_LOG_LEVEL` and `SLUICE_LOG_FORMAT` (unset or empty: info; pretty on a terminal, else JSON
 * lines). A bad value throws a one-line `CliError` (exit 2, no usage: the command line was fine).
 */
export function readLogSettings(
  env: Readonly<Record<string, string | undefined>>,
  stderrIsTerminal: boolean,
): LogSettings {
  const level = (env.SLUICE_LOG_LEVEL ?? "").trim().toLowerCase() || "info";
  if (!LOG_LEVELS.includes(level)) {
    throw environmentError(
      `SLUICE_LOG_LEVEL="${env.SLUICE_LOG_LEVEL}" is not a level (${LOG_LEVELS.join(", ")})`,
    );
  }
  const formatText = (env.SLUICE_LOG_FORMAT ?? "").trim().toLowerCase();
  const format = formatText === "" ? (stderrIsTerminal ? "pretty" : "json") : formatText;
  if (!isLogFormat(format)) {
    throw environmentError(
      `SLUICE_LOG_FORMAT="${env.SLUICE_LOG_FORMAT}" is not a format (${LOG_FORMATS.join(" or ")})`,
    );
  }
  // https://no-color.org: a set, non-empty NO_COLOR turns colours off.
  const colors = stderrIsTerminal && (env.NO_COLOR ?? "") === "" && env.TERM !== "dumb";
  return { level, format, colors };
}

function isLogFormat(text: string): text is LogFormat {
  return (LOG_FORMATS as readonly string[]).includes(text);
}

function environmentError(message: string): CliError {
  return new CliError(message, { exitCode: 2, showUsage: false });
}
