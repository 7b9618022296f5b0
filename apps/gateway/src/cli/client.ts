import type { ClientModels } from "./choose-client-models";

/** Where the client is sent and what it is told. */
export interface ClientTarget {
  /** The gateway, `http://HOST:PORT`. */
  readonly origin: string;
  /** Sent as the client's API key: one of the gateway's keys, or `sluice` without auth. Never printed. */
  readonly token: string;
  readonly models: ClientModels;
  /** The main model's context window (`max_model_len` of `GET /v1/models`), when the gateway knows it. */
  readonly contextWindow: number | undefined;
  /** The rest of sluice's command line, for the client. */
  readonly clientArgs: readonly string[];
}

/** How to start the client: its executable, arguments, and the environment it gets on top of sluice's own. */
export interface ClientLaunch {
  readonly executable: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** Variables of sluice's environment the client must not see. */
  readonly unset: readonly string[];
}

/** A client `sluice code` / `sluice codex` can start. */
export interface Client {
  /** What the user would type: `claude`, `codex`. */
  readonly executable: string;
  readonly displayName: string;
  /** How to install it when it is not on PATH. */
  readonly install: string;
  /** The model names it is given (a running gateway must serve each). */
  namesOf(models: ClientModels): readonly string[];
  launch(target: ClientTarget): ClientLaunch;
}
