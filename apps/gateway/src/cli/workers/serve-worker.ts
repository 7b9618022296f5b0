import type { Logger } from "pino";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "../../config/config";
import { createGateway } from "../../server/create-gateway";
import type { LogDestination } from "../../server/observe/create-log-destination";
import { originOf } from "../origin-of";
import type { ServeCommandLine } from "../parse-command-line";
import { reloadConfig } from "../reload-config";
import { createPrimaryLine } from "./ask-primary";
import { isSluiceMessage, type PrimaryMessage, type WorkerMessage } from "./worker-messages";

// Long enough for a pipe that is read; short enough that a stalled reader does not hold the exit.
const EXIT_DRAIN_MS = 2_000;

export interface WorkerContext {
  readonly commandLine: ServeCommandLine;
  readonly config: Config;
  readonly logger: Logger;
  readonly destination: LogDestination;
  /** 0 for the first worker, which reports the context windows for the primary's summary. */
  readonly index: number;
}

/**
 * One worker of `server.workers` (docs/deployment.md, "Workers"): a whole gateway on the shared port, run by
 * the primary's messages. It prints nothing on stdout (the primary prints the listening line and the summary);
 * its log lines go to the shared stderr. SIGHUP, SIGTERM and a terminal's Ctrl-C reach the primary, which tells
 * every worker; a worker ignores the terminal's SIGINT (the whole process group gets it) and drains on a SIGTERM
 * of its own or when the primary goes away.
 */
export async function serveWorker({
  commandLine,
  config,
  logger,
  destination,
  index,
}: WorkerContext): Promise<undefined> {
  const send = (message: WorkerMessage): void => {
    if (process.connected) process.send?.(message);
  };
  const primary = createPrimaryLine(send);
  const gateway = createGateway(config, {
    logger,
    // The primary sums every worker's registry, this one's included; without it, this one's is better than none.
    metricsText: () =>
      primary.ask("metrics").then(
        (answer) => answer.metrics ?? "",
        (error: unknown) => {
          logger.warn({ err: error }, "the whole gateway's metrics are unavailable; this worker's only");
          return gateway.metrics.registry.metrics();
        },
      ),
    servedElsewhere: () => primary.ask("serving").then((answer) => answer.serving === true),
  });
  // prom-client answers the primary's requests for this worker's metrics (its cluster listener).
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([gateway.metrics.registry]);

  let address: Awaited<ReturnType<typeof gateway.listen>>;
  try {
    address = await gateway.listen(
      commandLine.host ?? config.server.host,
      commandLine.port ?? config.server.port,
    );
  } catch (error) {
    send({ type: "sluice:failed", reason: error instanceof Error ? error.message : String(error) });
    void destination.drain(EXIT_DRAIN_MS).then(() => process.exit(1));
    return undefined;
  }
  const listening = originOf(address);

  let draining = false;
  const drain = (why: string): void => {
    if (draining) return;
    draining = true;
    logger.info({ why }, "draining: no new connections; open streams finish first");
    send({ type: "sluice:draining" });
    void gateway.close().then(() => {
      logger.info("stopped");
      void destination.drain(EXIT_DRAIN_MS).then(() => process.exit(0));
    });
  };
  process.on("SIGINT", () => undefined);
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGHUP", () => undefined);
  process.on("disconnect", () => drain("the primary went away"));
  process.on("message", (message: unknown) => {
    if (!isSluiceMessage<PrimaryMessage>(message)) return;
    switch (message.type) {
      case "sluice:reload":
        send({
          type: "sluice:reloaded",
          ok: reloadConfig({ gateway, configPath: commandLine.configPath, logger, listening }),
        });
        return;
      case "sluice:drain":
        drain("the primary drains");
        return;
      case "sluice:cut":
        logger.warn("second signal: cutting open streams");
        gateway.server.closeAllConnections();
        void destination.drain(200).then(() => process.exit(1));
        return;
      case "sluice:answer":
        primary.answered(message);
        return;
    }
  });
  send({ type: "sluice:listening", address });
  if (index === 0) {
    const windows = await gateway.contextWindows();
    send({ type: "sluice:windows", windows: [...windows] });
  }
  return undefined;
}
