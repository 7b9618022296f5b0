import cluster from "node:cluster";
import { isatty } from "node:tty";
import { loadConfig } from "../config/load-config";
import { createGateway, type ListeningAddress } from "../server/create-gateway";
import { createGatewayLogger } from "../server/observe/create-gateway-logger";
import { createLogDestination } from "../server/observe/create-log-destination";
import { announceStart } from "./announce-start";
import { CliError } from "./cli-error";
import { handleSignals } from "./handle-signals";
import { originOf } from "./origin-of";
import type { ServeCommandLine } from "./parse-command-line";
import { readLogSettings } from "./read-log-settings";
import { reloadConfig } from "./reload-config";
import { servePrimary } from "./workers/serve-primary";
import { serveWorker } from "./workers/serve-worker";

/**
 * `sluice serve`: loads the config (an invalid one throws `ConfigError`), listens, prints the listening
 * line and the summary on stdout, and keeps running until a signal; the log goes to stderr. With
 * `server.workers` above 1 this process is the primary of that many gateway processes on the one port, and each
 * of them runs this command again as a worker (docs/deployment.md, "Workers").
 */
export async function serveCommand(
  commandLine: ServeCommandLine,
  write: (text: string) => void,
): Promise<undefined> {
  const logSettings = readLogSettings(process.env, isatty(2));
  const config = loadConfig(commandLine.configPath);
  const destination = createLogDestination(2);
  const logger = createGatewayLogger({ ...logSettings, destination });
  const workerIndex = process.env.SLUICE_WORKER_INDEX;
  if (cluster.isWorker && workerIndex !== undefined) {
    const index = Number(workerIndex);
    return serveWorker({ commandLine, config, logger: logger.child({ worker: index }), destination, index });
  }
  if (config.server.workers > 1) return servePrimary({ commandLine, config, logger, destination, write });
  const gateway = createGateway(config, { logger });
  let address: ListeningAddress;
  try {
    address = await gateway.listen(
      commandLine.host ?? config.server.host,
      commandLine.port ?? config.server.port,
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot listen: ${reason}`, { exitCode: 1, showUsage: false });
  }
  const listening = originOf(address);
  // Before the listening line: whoever waits for it may signal at once.
  handleSignals({
    gateway,
    logger,
    destination,
    reload: () => reloadConfig({ gateway, configPath: commandLine.configPath, logger, listening }),
  });
  await announceStart({
    config,
    configPath: commandLine.configPath,
    address,
    logger,
    write,
    windows: gateway.contextWindows(),
  });
  return undefined;
}
