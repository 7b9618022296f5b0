import type { Logger } from "pino";
import type { Config, ModelConfig } from "../config/config";
import { ConfigError } from "../config/config-error";
import { loadConfig } from "../config/load-config";
import type { Gateway } from "../server/create-gateway";
import { windowsByName } from "./windows-by-name";

export interface ReloadContext {
  readonly gateway: Gateway;
  readonly configPath: string;
  readonly logger: Logger;
  /** `http://HOST:PORT` the gateway is bound to, which a reload cannot move. */
  readonly listening: string;
}

/**
 * SIGHUP: re-reads the config file. A valid one serves the requests that arrive from now on (open
 * streams keep theirs); an invalid one is logged with every problem, and the running config stays. True when
 * the new file was applied.
 */
export function reloadConfig({ gateway, configPath, logger, listening }: ReloadContext): boolean {
  const previous = gateway.config;
  let next: Config;
  try {
    next = loadConfig(configPath);
    gateway.reload(next);
  } catch (error) {
    const problems =
      error instanceof ConfigError
        ? error.problems
        : [error instanceof Error ? error.message : String(error)];
    logger.warn(
      { config: configPath, problems },
      `reload failed, the running config stays: ${problems.join("; ")}`,
    );
    return false;
  }
  for (const warning of next.warnings) logger.warn({ warning }, "config warning");
  const { host, port } = next.server;
  if (host !== previous.server.host || port !== previous.server.port) {
    logger.warn(
      { host, port, listening },
      `server.host/server.port changed to ${host}:${port}: that needs a restart; still listening on ${listening}`,
    );
  }
  logger.info(reloadSummary(configPath, previous, next), "reloaded");
  // The new config's servers are being asked now; their answers get a line of their own.
  void gateway.contextWindows().then((windows) => {
    logger.info({ contextWindows: windowsByName(windows) }, "context windows");
  });
  return true;
}

/** What changed, by name and count: never a key. */
function reloadSummary(configPath: string, previous: Config, next: Config): Record<string, unknown> {
  const before = new Map(previous.models.map((model) => [model.name, model]));
  const after = new Set(next.models.map((model) => model.name));
  return {
    config: configPath,
    models: next.models.map((model) => model.name),
    added: next.models.filter((model) => !before.has(model.name)).map((model) => model.name),
    removed: previous.models.filter((model) => !after.has(model.name)).map((model) => model.name),
    changed: next.models.filter((model) => differs(before.get(model.name), model)).map((model) => model.name),
    apiKeyCount: next.server.apiKeys.length,
    warnings: next.warnings.length,
  };
}

function differs(previous: ModelConfig | undefined, next: ModelConfig): boolean {
  return previous !== undefined && JSON.stringify(previous) !== JSON.stringify(next);
}
