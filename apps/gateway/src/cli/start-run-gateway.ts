import { closeSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Config } from "../config/config";
import { createGateway } from "../server/create-gateway";
import { createGatewayLogger } from "../server/observe/create-gateway-logger";
import { createLogDestination } from "../server/observe/create-log-destination";
import { CliError } from "./cli-error";
import { originOf } from "./origin-of";
import { readLogSettings } from "./read-log-settings";
import { windowsByName } from "./windows-by-name";

/** A gateway this process serves for one client run. */
export interface RunGateway {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  /** Where its log goes. */
  readonly logPath: string;
  /** Drains (briefly: the client has exited), closes, and flushes the log. */
  close(): Promise<void>;
}

// The client is gone when this runs: its connections are idle or closing, so the drain is short.
const CLOSE_DRAIN_MS = 2_000;

/**
 * Serves `config` on 127.0.0.1 and a free port, in this process, for the client `sluice code`/`codex`
 * starts. Its log (SLUICE_LOG_LEVEL, JSON lines unless SLUICE_LOG_FORMAT says otherwise) goes to a file
 * in the temporary directory, never to the terminal the client draws on.
 */
export async function startRunGateway(config: Config, client: string): Promise<RunGateway> {
  const settings = readLogSettings(process.env, false);
  const logPath = join(tmpdir(), `sluice-${client}-${process.pid}.log`);
  const fd = openSync(logPath, "a", 0o600);
  const destination = createLogDestination(fd);
  const logger = createGatewayLogger({ ...settings, destination });
  const gateway = createGateway(config, { logger });
  let address: Awaited<ReturnType<typeof gateway.listen>>;
  try {
    address = await gateway.listen("127.0.0.1", 0);
  } catch (error) {
    closeSync(fd);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliError(`cannot listen: ${reason}`, { exitCode: 1, showUsage: false });
  }
  for (const warning of config.warnings) logger.warn({ warning }, "config warning");
  logger.info({ models: config.models.map((model) => model.name), listening: originOf(address) }, "started");
  // The client's compaction window comes from GET /v1/models: wait for the servers' answers (3 s at most).
  const windows = await gateway.contextWindows();
  logger.info({ contextWindows: windowsByName(windows) }, "context windows");
  return {
    origin: originOf(address),
    logPath,
    async close() {
      await gateway.close(CLOSE_DRAIN_MS);
      logger.info("stopped");
      await destination.drain(CLOSE_DRAIN_MS);
      closeSync(fd);
    },
  };
}
