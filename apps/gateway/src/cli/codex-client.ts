import type { Client, ClientTarget } from "./client";

/** The provider id sluice's `-c` overrides define, and the variable it reads the key from. */
const PROVIDER = "sluice";
export const CODEX_KEY_VARIABLE = "SLUICE_API_KEY";

/**
 * Codex CLI, by `-c key=value` overrides before the user's arguments (Codex applies the top-level ones to
 * every subcommand, `exec` included), so `~/.codex/config.toml` is left as it is: a `sluice` model provider
 * at the gateway's `/v1` speaking Responses, its key read from `SLUICE_API_KEY` (set in Codex's
 * environment, never on the command line), the model, and the context window when the gateway knows it.
 * Values are TOML; a JSON string is a valid TOML basic string.
 */
export const CODEX: Client = {
  executable: "codex",
  displayName: "Codex CLI",
  install: "npm i -g @openai/codex",
  namesOf: (models) => [models.main],
  launch({ origin, token, models, contextWindow, clientArgs }: ClientTarget) {
    const settings: [string, string][] = [
      ["model_provider", JSON.stringify(PROVIDER)],
      [`model_providers.${PROVIDER}.name`, JSON.stringify("Sluice")],
      [`model_providers.${PROVIDER}.base_url`, JSON.stringify(`${origin}/v1`)],
      [`model_providers.${PROVIDER}.wire_api`, JSON.stringify("responses")],
      [`model_providers.${PROVIDER}.env_key`, JSON.stringify(CODEX_KEY_VARIABLE)],
      ["model", JSON.stringify(models.main)],
      ...(contextWindow === undefined
        ? []
        : [["model_context_window", String(contextWindow)] as [string, string]]),
    ];
    return {
      executable: "codex",
      args: [...settings.flatMap(([key, value]) => ["-c", `${key}=${value}`]), ...clientArgs],
      env: { [CODEX_KEY_VARIABLE]: token },
      unset: [],
    };
  },
};
