import { existsSync } from "node:fs";
import { loadConfig } from "../config/load-config";
import { type ClientModels, chooseClientModels } from "./choose-client-models";
import { CLAUDE_CODE } from "./claude-code-client";
import { CliError } from "./cli-error";
import type { Client } from "./client";
import { clientOriginOf } from "./client-origin-of";
import { CODEX } from "./codex-client";
import { findRunningGateway } from "./find-running-gateway";
import type { ClientCommandLine } from "./parse-command-line";
import type { GatewayModel } from "./read-gateway-models";
import { readGatewayModels } from "./read-gateway-models";
import { runClient } from "./run-client";
import { type RunGateway, startRunGateway } from "./start-run-gateway";

const CLIENTS: Readonly<Record<ClientCommandLine["command"], Client>> = { code: CLAUDE_CODE, codex: CODEX };
const DEFAULT_CONFIG = "sluice.yaml";
const MODELS_TIMEOUT_MS = 5_000;

/**
 * `sluice code` / `sluice codex`: starts the client pointed at the gateway of the config (README,
 * "Using Sluice with Claude Code"). A Sluice gateway already listening at the config's host and port is
 * used; otherwise one is started in this process on a free port for the run, and closed after it. Resolves
 * with the client's exit code. Only one line of sluice's own reaches the terminal (on stderr, before the
 * client starts), so the client's screen and stdout are its own.
 */
export async function clientCommand(
  commandLine: ClientCommandLine,
  writeError: (text: string) => void,
): Promise<number> {
  const client = CLIENTS[commandLine.command];
  const config = loadConfig(configPathOf(commandLine));
  const models = chooseClientModels(config.models, commandLine.model);
  const { host, port, apiKeys } = config.server;
  // The key of the gateway this run starts is the config's; a running one may have been given others.
  const ownToken = apiKeys[0] ?? "sluice";
  const runningToken = nonEmpty(process.env.SLUICE_API_KEY) ?? ownToken;
  const origin = clientOriginOf({ host, port });
  const running = port === 0 ? { kind: "none" as const } : await findRunningGateway(origin, runningToken);

  let started: RunGateway | undefined;
  let target: { origin: string; token: string; served: readonly GatewayModel[] };
  let where: string;
  if (running.kind === "sluice") {
    target = { origin, token: runningToken, served: running.models };
    where = "the gateway running there";
    requireServed(running.models, client.namesOf(models), origin);
  } else if (running.kind === "refused-token") {
    throw new CliError(
      `the gateway at ${origin} refused the key: set SLUICE_API_KEY to one of its keys (server.api_keys / SLUICE_API_KEYS of the config it runs)`,
      { exitCode: 1, showUsage: false },
    );
  } else {
    if (running.kind === "other") {
      writeError(`sluice: ${origin} is not a Sluice gateway (${running.what}); starting one for this run\n`);
    }
    started = await startRunGateway(config, client.executable);
    try {
      const { models: served } = await readGatewayModels(
        started.origin,
        ownToken,
        AbortSignal.timeout(MODELS_TIMEOUT_MS),
      );
      target = { origin: started.origin, token: ownToken, served: served ?? [] };
    } catch (error) {
      await started.close();
      throw error;
    }
    where = `a gateway for this run, log: ${started.logPath}`;
  }

  try {
    const contextWindow = target.served.find((model) => model.id === models.main)?.maxModelLen;
    writeError(
      `sluice: ${client.executable} → ${target.origin} (${where}; ${describeModels(client, models, contextWindow)})\n`,
    );
    const launch = client.launch({
      origin: target.origin,
      token: target.token,
      models,
      contextWindow,
      clientArgs: commandLine.clientArgs,
    });
    return await runClient(client, launch, writeError);
  } finally {
    await started?.close();
  }
}

function configPathOf(commandLine: ClientCommandLine): string {
  if (commandLine.configPath !== undefined) return commandLine.configPath;
  if (existsSync(DEFAULT_CONFIG)) return DEFAULT_CONFIG;
  throw new CliError(
    `no ${DEFAULT_CONFIG} in this directory: give the config with sluice ${commandLine.command} --config FILE`,
    { exitCode: 2, showUsage: false },
  );
}

/** A running gateway with another config would answer 404 for the names the client is given. */
function requireServed(served: readonly GatewayModel[], names: readonly string[], origin: string): void {
  const ids = served.map((model) => model.id);
  const missing = [...new Set(names)].filter((name) => !ids.includes(name));
  if (missing.length === 0) return;
  throw new CliError(
    `the gateway running at ${origin} does not serve ${missing.map((name) => `"${name}"`).join(", ")} (it serves ${ids.join(", ")}): it runs another config; give that one with --config, or stop it`,
    { exitCode: 1, showUsage: false },
  );
}

function describeModels(client: Client, models: ClientModels, contextWindow: number | undefined): string {
  const window = contextWindow === undefined ? "" : `, context window ${contextWindow}`;
  if (!client.namesOf(models).includes(models.background) || models.background === models.main) {
    return `model ${models.main}${window}`;
  }
  return `model ${models.main}, background ${models.background}${window}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}
