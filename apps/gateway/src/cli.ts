import { parseArgs } from "node:util";
import type { Config } from "./config/config";
import { ConfigError } from "./config/config-error";
import { loadConfig } from "./config/load-config";
import { createGateway, type ListeningAddress } from "./server/create-gateway";
import { createGatewayLogger } from "./server/create-gateway-logger";

const USAGE = `Usage: sluice serve --config FILE [--host H] [--port N]

Serves the Anthropic Messages API (POST /v1/messages, /v1/messages/count_tokens, GET /v1/models,
GET /health) in front of OpenAI-compatible model servers, as configured in FILE (see sluice.yaml).

Options:
  -c, --config FILE  the YAML config (required)
      --host H       listen address; overrides server.host (default 127.0.0.1)
      --port N       listen port; overrides server.port (default 8080); 0 picks a free port
  -h, --help         print this help

When ready, prints one line containing "listening on http://HOST:PORT" on stdout. The request log
(pino, one JSON line per request) goes to stderr; SLUICE_LOG_LEVEL sets its level (default info).
SIGTERM or SIGINT stops accepting connections, lets open streams finish, and exits 0; a second
signal cuts the open streams and exits 1.
Exit codes: 0 ok, 1 invalid config or cannot listen, 2 bad arguments.`;

/** Arguments → a running gateway, or an exit code. */
async function main(argv: readonly string[]): Promise<number | undefined> {
  let parsed: ReturnType<typeof parseCommandLine>;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    process.stderr.write(`sluice: ${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }

  let config: Config;
  try {
    config = loadConfig(parsed.configPath);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // ConfigError's message lists every problem with its path, one per line.
    process.stderr.write(`sluice: ${error.message}\n`);
    return 1;
  }

  const logger = createGatewayLogger({ level: process.env.SLUICE_LOG_LEVEL ?? "info" });
  const gateway = createGateway(config, { logger });
  let address: ListeningAddress;
  try {
    address = await gateway.listen(parsed.host ?? config.server.host, parsed.port ?? config.server.port);
  } catch (error) {
    process.stderr.write(
      `sluice: cannot listen: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
  const host = address.host.includes(":") ? `[${address.host}]` : address.host;
  logger.info({ models: config.models.map((model) => model.name) }, "started");
  process.stdout.write(`sluice listening on http://${host}:${address.port}\n`);

  let draining = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (draining) {
      logger.warn({ signal }, "second signal: cutting open streams");
      gateway.server.closeAllConnections();
      process.exit(1);
    }
    draining = true;
    logger.info({ signal }, "draining: no new connections; open streams finish first");
    void gateway.close().then(() => {
      logger.info("stopped");
      process.exit(0);
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return undefined;
}

interface CommandLine {
  readonly help: boolean;
  readonly configPath: string;
  readonly host: string | undefined;
  readonly port: number | undefined;
}

function parseCommandLine(argv: readonly string[]): CommandLine {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      config: { type: "string", short: "c" },
      host: { type: "string" },
      port: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help === true) return { help: true, configPath: "", host: undefined, port: undefined };
  const [command, ...rest] = positionals;
  if (command !== "serve") {
    throw new Error(command === undefined ? "missing command (serve)" : `unknown command "${command}"`);
  }
  if (rest.length > 0) throw new Error(`unexpected argument "${rest[0]}"`);
  if (values.config === undefined || values.config === "") throw new Error("--config FILE is required");
  if (values.host === "") throw new Error("--host must not be empty");
  let port: number | undefined;
  if (values.port !== undefined) {
    port = Number(values.port);
    if (!/^\d+$/.test(values.port) || port > 65535) {
      throw new Error(`--port must be an integer from 0 to 65535, got "${values.port}"`);
    }
  }
  return { help: false, configPath: values.config, host: values.host, port };
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `sluice: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
