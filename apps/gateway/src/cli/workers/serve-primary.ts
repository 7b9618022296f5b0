import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "../../config/config";
import type { ListeningAddress } from "../../server/create-gateway";
import type { LogDestination } from "../../server/observe/create-log-destination";
import type { ContextWindow } from "../../upstream/context-window";
import { announceStart } from "../announce-start";
import { CliError } from "../cli-error";
import type { ServeCommandLine } from "../parse-command-line";
import { isSluiceMessage, type PrimaryMessage, type WorkerMessage } from "./worker-messages";

export interface PrimaryContext {
  readonly commandLine: ServeCommandLine;
  readonly config: Config;
  readonly logger: Logger;
  readonly destination: LogDestination;
  readonly write: (text: string) => void;
}

/** One worker slot: its process now, and what it said. */
interface Slot {
  readonly index: number;
  worker: Worker;
  listening: boolean;
  draining: boolean;
  startedAt: number;
  /** Deaths in a row within FAST_DEATH_MS of starting: past MAX_FAST_DEATHS the slot is given up. */
  fastDeaths: number;
}

const EXIT_DRAIN_MS = 2_000;
// A worker that dies this soon after starting, this many times in a row, would die again: its slot stays empty.
const FAST_DEATH_MS = 5_000;
const MAX_FAST_DEATHS = 3;

/**
 * `sluice serve` with `server.workers` above 1 (docs/deployment.md, "Workers"): the primary forks that many
 * gateways (node:cluster; each listens on the one port, and the primary hands each new connection to the next),
 * prints the listening line and the summary once, and passes every signal on: SIGHUP reloads each worker,
 * SIGTERM/SIGINT drains them all (a second one cuts their open streams), and the primary exits once they have.
 * A worker that dies while serving is replaced. It answers the workers' questions: GET /metrics (every worker's
 * registry summed by prom-client's AggregatorRegistry) and, for a draining worker's GET /ready, whether another
 * one still serves. It serves no request itself.
 */
export async function servePrimary({
  commandLine,
  config,
  logger,
  destination,
  write,
}: PrimaryContext): Promise<undefined> {
  const aggregator = new AggregatorRegistry();
  const slots: Slot[] = [];
  let stopping: "no" | "drain" | "cut" = "no";
  let windowsFromFirst: ((windows: ReadonlyMap<string, ContextWindow | undefined>) => void) | undefined;
  const windowsReady = new Promise<ReadonlyMap<string, ContextWindow | undefined>>((resolve) => {
    windowsFromFirst = resolve;
  });
  let reloadsPending = 0;
  let reloadsFailed = 0;

  const answer = (worker: Worker, message: PrimaryMessage): void => {
    if (worker.isConnected()) worker.send(message);
  };

  const onMessage = (slot: Slot, message: WorkerMessage): void => {
    switch (message.type) {
      case "sluice:listening":
        slot.listening = true;
        listened(slot, message.address);
        return;
      case "sluice:failed":
        failed(slot, message.reason);
        return;
      case "sluice:windows":
        // IPC is JSON: an unknown window (undefined) arrives as null.
        windowsFromFirst?.(new Map(message.windows.map(([name, window]) => [name, window ?? undefined])));
        return;
      case "sluice:reloaded":
        if (!message.ok) reloadsFailed += 1;
        if (reloadsPending > 0 && --reloadsPending === 0) {
          logger.info({ workers: slots.length, failed: reloadsFailed }, "reloaded by every worker");
        }
        return;
      case "sluice:draining":
        slot.draining = true;
        return;
      case "sluice:ask": {
        const { id } = message;
        if (message.question === "serving") {
          const serving = slots.some((other) => other !== slot && other.listening && !other.draining);
          answer(slot.worker, { type: "sluice:answer", id, serving });
          return;
        }
        aggregator.clusterMetrics().then(
          (metrics) => answer(slot.worker, { type: "sluice:answer", id, metrics }),
          (error: unknown) =>
            answer(slot.worker, {
              type: "sluice:answer",
              id,
              error: error instanceof Error ? error.message : String(error),
            }),
        );
        return;
      }
    }
  };

  // Start: every worker listens, or the start fails with the first one's reason.
  let started: (address: ListeningAddress) => void = () => undefined;
  let startFailed: (reason: string) => void = () => undefined;
  const allListening = new Promise<ListeningAddress>((resolve, reject) => {
    started = resolve;
    startFailed = (reason) =>
      reject(new CliError(`cannot listen: ${reason}`, { exitCode: 1, showUsage: false }));
  });
  let firstAddress: ListeningAddress | undefined;
  let serving = false;
  const listened = (slot: Slot, address: ListeningAddress): void => {
    firstAddress ??= address;
    if (serving) logger.info({ worker: slot.index, pid: slot.worker.process.pid }, "worker serving again");
    else if (slots.every((each) => each.listening)) {
      serving = true;
      started(firstAddress);
    }
  };
  const failed = (slot: Slot, reason: string): void => {
    logger.error({ worker: slot.index, reason }, "worker cannot listen");
    if (!serving) startFailed(reason);
  };

  const fork = (index: number, previous?: Slot): Slot => {
    const worker = cluster.fork({ SLUICE_WORKER_INDEX: String(index) });
    const slot: Slot = previous ?? {
      index,
      worker,
      listening: false,
      draining: false,
      startedAt: 0,
      fastDeaths: 0,
    };
    slot.worker = worker;
    slot.listening = false;
    slot.draining = false;
    slot.startedAt = Date.now();
    worker.on("message", (message: unknown) => {
      if (isSluiceMessage<WorkerMessage>(message)) onMessage(slot, message);
    });
    worker.on("exit", (code, signal) => exited(slot, worker, code, signal));
    return slot;
  };

  const exited = (slot: Slot, worker: Worker, code: number | null, signal: string | null): void => {
    if (slot.worker !== worker) return;
    slot.listening = false;
    if (stopping !== "no") {
      if (slots.every((each) => each.worker.isDead())) {
        logger.info("stopped");
        void destination.drain(EXIT_DRAIN_MS).then(() => process.exit(stopping === "cut" ? 1 : 0));
      }
      return;
    }
    if (!serving) {
      startFailed(`worker ${slot.index} exited before it listened (code ${code}, signal ${signal})`);
      return;
    }
    slot.fastDeaths = Date.now() - slot.startedAt < FAST_DEATH_MS ? slot.fastDeaths + 1 : 0;
    if (slot.fastDeaths >= MAX_FAST_DEATHS) {
      logger.error({ worker: slot.index, code, signal }, "worker keeps dying at start; its slot stays empty");
      if (slots.every((each) => each.worker.isDead())) {
        logger.error("no worker left");
        void destination.drain(EXIT_DRAIN_MS).then(() => process.exit(1));
      }
      return;
    }
    logger.warn(
      { worker: slot.index, pid: worker.process.pid, code, signal },
      "worker exited; starting another",
    );
    fork(slot.index, slot);
  };

  for (let index = 0; index < config.server.workers; index++) slots.push(fork(index));

  let address: ListeningAddress;
  try {
    address = await allListening;
  } catch (error) {
    for (const slot of slots) slot.worker.kill("SIGKILL");
    throw error;
  }

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping !== "no") {
      logger.warn({ signal }, "second signal: cutting open streams");
      stopping = "cut";
      for (const slot of slots) answer(slot.worker, { type: "sluice:cut" });
      return;
    }
    stopping = "drain";
    logger.info(
      { signal, workers: slots.length },
      "draining every worker: no new connections; open streams finish first",
    );
    for (const slot of slots) answer(slot.worker, { type: "sluice:drain" });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("SIGHUP", () => {
    logger.info({ signal: "SIGHUP", workers: slots.length }, "reloading the config in every worker");
    const live = slots.filter((slot) => slot.worker.isConnected());
    reloadsPending = live.length;
    reloadsFailed = 0;
    for (const slot of live) answer(slot.worker, { type: "sluice:reload" });
  });

  await announceStart({
    config,
    configPath: commandLine.configPath,
    address,
    logger,
    write,
    windows: windowsReady,
    workers: slots.map((slot) => slot.worker.process.pid),
  });
  return undefined;
}
