import { parseArgs } from "node:util";
import { CliError } from "./cli-error";

export interface ServeCommandLine {
  readonly command: "serve";
  readonly configPath: string;
  /** Overrides server.host. */
  readonly host: string | undefined;
  /** Overrides server.port. */
  readonly port: number | undefined;
}

export type CommandLine =
  | { readonly command: "help" }
  | { readonly command: "version" }
  | ServeCommandLine
  | CheckCommandLine
  | ReplayCommandLine;

export interface CheckCommandLine {
  readonly command: "check";
  readonly configPath: string;
  /** Exit 1 unless every upstream is ready (reachable and serving its `upstream.model`). */
  readonly strict: boolean;
}

export interface ReplayCommandLine {
  readonly command: "replay";
  /** A recording of `server.record_dir`. */
  readonly file: string;
  /** How the events are printed: Anthropic SSE (default) or one JSON event per line. */
  readonly format: "sse" | "json";
  /** Exit 1 when the events differ from the recorded ones (for tests and CI). */
  readonly check: boolean;
}

const COMMANDS = ["serve", "check", "replay"];
const COMMAND_LIST = `${COMMANDS.slice(0, -1).join(", ")} or ${COMMANDS.at(-1)}`;

/** argv (without node and the script) → what to do; a mistake throws a one-line `CliError` (exit 2, with usage). */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const { values, positionals } = parseOrExplain(argv);
  if (values.help === true) return { command: "help" };
  if (values.version === true) return { command: "version" };
  const [command, ...rest] = positionals;
  if (command === "help") return { command: "help" };
  if (command === undefined) throw usageError(`missing command (${COMMAND_LIST})`);
  if (command === "replay") return replayCommandLine(values, rest);
  if (command !== "serve" && command !== "check") {
    throw usageError(`unknown command "${command}" (expected ${COMMAND_LIST})`);
  }
  if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`);
  if (command !== "check" && values.strict !== undefined)
    throw usageError(`--strict is an option of check, not of ${command}`);
  for (const option of ["format", "check"] as const) {
    if (values[option] !== undefined)
      throw usageError(`--${option} is an option of replay, not of ${command}`);
  }
  if (values.config === undefined || values.config === "") throw usageError("--config FILE is required");
  if (command === "check") {
    for (const option of ["host", "port"] as const) {
      if (values[option] !== undefined) throw usageError(`--${option} is an option of serve, not of check`);
    }
    return { command, configPath: values.config, strict: values.strict === true };
  }
  if (values.host === "") throw usageError("--host must not be empty");
  return { command, configPath: values.config, host: values.host, port: parsePort(values.port) };
}

function replayCommandLine(values: ParsedValues, rest: readonly string[]): ReplayCommandLine {
  const [file, extra] = rest;
  if (file === undefined || file === "") throw usageError("replay needs the recording: sluice replay FILE");
  if (extra !== undefined) throw usageError(`unexpected argument "${extra}"`);
  for (const option of ["config", "host", "port", "strict"] as const) {
    if (values[option] !== undefined) throw usageError(`--${option} is not an option of replay`);
  }
  const format = values.format ?? "sse";
  if (format !== "sse" && format !== "json") {
    throw usageError(`--format must be sse or json, got "${format}"`);
  }
  return { command: "replay", file, format, check: values.check === true };
}

type ParsedValues = ReturnType<typeof parseOrExplain>["values"];

function parseOrExplain(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        config: { type: "string", short: "c" },
        host: { type: "string" },
        port: { type: "string" },
        format: { type: "string" },
        check: { type: "boolean" },
        strict: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean", short: "v" },
      },
    });
  } catch (error) {
    throw usageError(explainParseError(error));
  }
}

/** node:util's messages run over several sentences; the CLI says it in one line. */
function explainParseError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'([^']+)'/.exec(message)?.[1];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" && option !== undefined) return `unknown option "${option}"`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option !== undefined) {
    // `-c, --config <value>` → `--config`
    const name = option.replace(/ <value>$/, "").replace(/^-\w, /, "");
    if (message.includes("argument missing")) return `${name} needs a value`;
    if (message.includes("ambiguous"))
      return `${name} needs a value (one that starts with "-": ${name}=VALUE)`;
    return `${name} takes no value`;
  }
  return message.split("\n")[0] ?? message;
}

function parsePort(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw usageError(`--port must be an integer from 0 to 65535, got "${text}"`);
  }
  return port;
}

function usageError(message: string): CliError {
  return new CliError(message, { exitCode: 2, showUsage: true });
}
