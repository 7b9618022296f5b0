import type { Logger } from "pino";
import type { Config } from "../config/config";
import type { ListeningAddress } from "../server/create-gateway";
import type { ContextWindow } from "../upstream/context-window";
import { clientOriginOf } from "./client-origin-of";
import { formatSummary } from "./format-summary";
import { originOf } from "./origin-of";
import { windowsByName } from "./windows-by-name";

export interface StartAnnouncement {
  readonly config: Config;
  readonly configPath: string;
  readonly address: ListeningAddress;
  readonly logger: Logger;
  readonly write: (text: string) => void;
  /** The servers' context windows, once asked (a few seconds at most). */
  readonly windows: Promise<ReadonlyMap<string, ContextWindow | undefined>>;
  /** Under `server.workers`: the workers' PIDs, logged and counted in the listening line. */
  readonly workers?: readonly (number | undefined)[];
}

/**
 * `sluice serve` is up: the config's warnings and the `started` line in the log, the listening line on stdout
 * (whoever waits for it may use the gateway at once), then, once the servers said their context windows, the
 * summary. One process or a primary of workers announces itself the same way.
 */
export async function announceStart(start: StartAnnouncement): Promise<void> {
  const { config, logger, write, address, workers } = start;
  const listening = originOf(address);
  for (const warning of config.warnings) logger.warn({ warning }, "config warning");
  logger.info(
    {
      models: config.models.map((model) => model.name),
      listening,
      ...(workers === undefined ? {} : { workers }),
    },
    "started",
  );
  write(`sluice listening on ${listening}${workers === undefined ? "" : ` (${workers.length} workers)`}\n`);
  // Already serving: the summary waits only to print what the servers said.
  const windows = await start.windows;
  logger.info({ contextWindows: windowsByName(windows) }, "context windows");
  write(
    formatSummary(config, { configPath: start.configPath, clientOrigin: clientOriginOf(address), windows }),
  );
}
