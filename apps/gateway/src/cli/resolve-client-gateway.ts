import type { Config } from "../config/config";
import { CliError } from "./cli-error";
import { clientOriginOf } from "./client-origin-of";
import { findRunningGateway } from "./find-running-gateway";
import { type GatewayModel, readGatewayModels } from "./read-gateway-models";
import { startRunGateway } from "./start-run-gateway";

/** The gateway a client run talks to. */
export interface ClientGateway {
  readonly origin: string;
  /** The key the client sends. Never printed. */
  readonly token: string;
  /** Its `GET /v1/models` (names and known context windows). */
  readonly served: readonly GatewayModel[];
  /** For the one line sluice prints: which gateway this is. */
  readonly description: string;
  /** Stops a gateway started for the run; nothing for a running one. */
  close(): Promise<void>;
}

const MODELS_TIMEOUT_MS = 5_000;

/**
 * The Sluice gateway listening at the config's host and port (it must serve every name in `names`, else it
 * runs another config), else one started in this process for the run. A running gateway gets
 * `SLUICE_API_KEY` when set, else the config's first key; one started here gets the config's first key.
 * `notice` receives a line when another program holds the config's port.
 */
export async function resolveClientGateway(
  config: Config,
  client: string,
  names: readonly string[],
  notice: (line: string) => void,
): Promise<ClientGateway> {
  const { host, port, apiKeys } = config.server;
  const ownToken = apiKeys[0] ?? "sluice";
  const runningToken = nonEmpty(process.env.SLUICE_API_KEY) ?? ownToken;
  const origin = clientOriginOf({ host, port });
  const running = port === 0 ? { kind: "none" as const } : await findRunningGateway(origin, runningToken);
  switch (running.kind) {
    case "sluice":
      requireServed(running.models, names, origin);
      return {
        origin,
        token: runningToken,
        served: running.models,
        description: "the gateway running there",
        close: async () => undefined,
      };
    case "refused-token":
      throw new CliError(
        `the gateway at ${origin} refused the key: set SLUICE_API_KEY to one of its keys (server.api_keys / SLUICE_API_KEYS of the config it runs)`,
        { exitCode: 1, showUsage: false },
      );
    case "other":
      notice(`${origin} is not a Sluice gateway (${running.what}); starting one for this run`);
      break;
    case "none":
      break;
  }
  const started = await startRunGateway(config, client);
  try {
    const { models } = await readGatewayModels(
      started.origin,
      ownToken,
      AbortSignal.timeout(MODELS_TIMEOUT_MS),
    );
    return {
      origin: started.origin,
      token: ownToken,
      served: models ?? [],
      description: `a gateway for this run, log: ${started.logPath}`,
      close: () => started.close(),
    };
  } catch (error) {
    await started.close();
    throw error;
  }
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

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}
