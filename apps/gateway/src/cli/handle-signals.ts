import type { Logger } from "pino";
import type { Gateway } from "../server/create-gateway";
import type { LogDestination } from "../server/observe/create-log-destination";

export interface SignalContext {
  readonly gateway: Gateway;
  readonly logger: Logger;
  /** Drained (briefly) before exiting, so the last lines are not lost in its buffer. */
  readonly destination: LogDestination;
  /** SIGHUP. */
  readonly reload: () => void;
}

// Long enough for a terminal or a pipe that is read; short enough that a stalled reader does not hold the exit.
const EXIT_DRAIN_MS = 2_000;
const CUT_DRAIN_MS = 200;

/**
 * SIGTERM/SIGINT drain: no new connections, open streams finish, exit 0; a second one cuts the open
 * streams and exits 1. SIGHUP reloads the config (and no longer ends the process, its default).
 */
export function handleSignals({ gateway, logger, destination, reload }: SignalContext): void {
  let draining = false;
  const exit = (code: number, drainMs: number): void => {
    void destination.drain(drainMs).then(() => process.exit(code));
  };
  const stop = (signal: NodeJS.Signals): void => {
    if (draining) {
      logger.warn({ signal }, "second signal: cutting open streams");
      gateway.server.closeAllConnections();
      exit(1, CUT_DRAIN_MS);
      return;
    }
    draining = true;
    logger.info({ signal }, "draining: no new connections; open streams finish first");
    void gateway.close().then(() => {
      logger.info("stopped");
      exit(0, EXIT_DRAIN_MS);
    });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGHUP", () => {
    logger.info({ signal: "SIGHUP" }, "reloading the config");
    reload();
  });
}
