import { parseArgs } from "node:util";
import { CliError } from "./cli-error";
import { DEFAULT_CONFIG_PATH } from "./default-config-path";

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
  | ReplayCommandLine
  | ClientCommandLine;

/** `sluice code` (Claude Code) and `sluice codex` (Codex CLI): the client, pointed at a gateway. */
export interface ClientCommandLine {
  readonly command: "code" | "codex";
  /** `--config FILE`; undefined: `sluice.yaml` in the working directory. */
  readonly configPath: string | undefined;
  /** `--model NAME`: the model to use (a name or alias of the config); undefined: chosen from the config. */
  readonly model: string | undefined;
  /** Everything after sluice's own options, passed to the client as it is. */
  readonly clientArgs: readonly string[];
}

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

const COMMANDS = ["serve", "check", "replay", "code", "codex"];
const CLIENT_COMMANDS = new Set(["code", "codex"]);
const COMMAND_LIST = `${COMMANDS.slice(0, -1).join(", ")} or ${COMMANDS.at(-1)}`;

/** argv (without node and the script) → what to do; a mistake throws a one-line `CliError` (exit 2, with usage). */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const [first, ...afterFirst] = argv;
  // Before node's parser, which would refuse the client's own options as unknown ones.
  if (first === "code" || first === "codex") return clientCommandLine(first, afterFirst);
  const { values, positionals } = parseOrExplain(argv);
  if (values.help === true) return { command: "help" };
  if (values.version === true) return { command: "version" };
  const [command, ...rest] = positionals;
  if (command === "help") return { command: "help" };
  if (command === undefined) throw usageError(`missing command (${COMMAND_LIST})`);
  if (command === "replay") return replayCommandLine(values, rest);
  if (CLIENT_COMMANDS.has(command)) {
    throw usageError(`${command} comes first: sluice ${command} [--config FILE] [--model NAME] [--] [ARGS…]`);
  }
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
  if (values.config === "") throw usageError("--config needs a file");
  // As for code and codex: the README's `pnpm sluice check --strict` runs where sluice.yaml is.
  const configPath = values.config ?? DEFAULT_CONFIG_PATH;
  if (command === "check") {
    for (const option of ["host", "port"] as const) {
      if (values[option] !== undefined) throw usageError(`--${option} is an option of serve, not of check`);
    }
    return { command, configPath, strict: values.strict === true };
  }
  if (values.host === "") throw usageError("--host must not be empty");
  return { command, configPath, host: values.host, port: parsePort(values.port) };
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

/**
 * sluice's options of `code`/`codex` come first, long form only (`-c` is Codex's `--config`, `-m` its
 * `--model`); the first argument that is not one of them, and all after it, go to the client. `--` ends
 * sluice's options explicitly (and is not passed on), so `sluice code -- --model x` gives claude its own.
 */
function clientCommandLine(command: "code" | "codex", args: readonly string[]): CommandLine {
  let configPath: string | undefined;
  let model: string | undefined;
  let index = 0;
  while (index < args.length) {
    const arg = args[index] as string;
    if (arg === "--") {
      index += 1;
      break;
    }
    if (arg === "--help" || arg === "-h") return { command: "help" };
    const option = /^--(config|model)(?:=(.*))?$/s.exec(arg);
    if (option === null) break;
    const [, name, inline] = option;
    const value = inline ?? args[index + 1];
    if (value === undefined || value === "") throw usageError(`--${name} needs a value`);
    if (name === "config") configPath = value;
    else model = value;
    index += inline === undefined ? 2 : 1;
  }
  return { command, configPath, model, clientArgs: args.slice(index) };
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
