import { existsSync } from "node:fs";
import { loadConfig } from "../config/load-config";
import { type ClientModels, chooseClientModels } from "./choose-client-models";
import { CLAUDE_CODE } from "./claude-code-client";
import { CliError } from "./cli-error";
import type { Client } from "./client";
import { CODEX } from "./codex-client";
import { DEFAULT_CONFIG_PATH } from "./default-config-path";
import type { ClientCommandLine } from "./parse-command-line";
import { resolveClientGateway } from "./resolve-client-gateway";
import { runClient } from "./run-client";

const CLIENTS: Readonly<Record<ClientCommandLine["command"], Client>> = { code: CLAUDE_CODE, codex: CODEX };

/**
 * `sluice code` / `sluice codex`: starts the client pointed at the gateway of the config (docs/config.md §2,
 * "Starting the client"): the Sluice gateway running at the config's address, else one served in this
 * process for the run and stopped after it. Resolves with the client's exit code. One line of sluice's own
 * reaches the terminal (on stderr, before the client starts), so the client's screen and stdout are its own.
 */
export async function clientCommand(
  commandLine: ClientCommandLine,
  writeError: (text: string) => void,
): Promise<number> {
  const client = CLIENTS[commandLine.command];
  const config = loadConfig(configPathOf(commandLine));
  const models = chooseClientModels(config.models, commandLine.model);
  const gateway = await resolveClientGateway(config, client.executable, client.namesOf(models), (line) =>
    writeError(`sluice: ${line}\n`),
  );
  try {
    const contextWindow = gateway.served.find((model) => model.id === models.main)?.maxModelLen;
    writeError(
      `sluice: ${client.executable} → ${gateway.origin} (${gateway.description}; ${describeModels(client, models, contextWindow)})\n`,
    );
    const launch = client.launch({
      origin: gateway.origin,
      token: gateway.token,
      models,
      contextWindow,
      clientArgs: commandLine.clientArgs,
    });
    return await runClient(client, launch, writeError);
  } finally {
    await gateway.close();
  }
}

function configPathOf(commandLine: ClientCommandLine): string {
  if (commandLine.configPath !== undefined) return commandLine.configPath;
  if (existsSync(DEFAULT_CONFIG_PATH)) return DEFAULT_CONFIG_PATH;
  throw new CliError(
    `no ${DEFAULT_CONFIG_PATH} in this directory: give the config with sluice ${commandLine.command} --config FILE`,
    { exitCode: 2, showUsage: false },
  );
}

function describeModels(client: Client, models: ClientModels, contextWindow: number | undefined): string {
  const window = contextWindow === undefined ? "" : `, context window ${contextWindow}`;
  const background =
    client.namesOf(models).includes(models.background) && models.background !== models.main
      ? `, background ${models.background}`
      : "";
  return `model ${models.main}${background}${window}`;
}
