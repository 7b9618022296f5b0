import { CLAUDE_CODE_MODEL_NAMES } from "../config/claude-code-model-names";
import type { ModelConfig } from "../config/config";
import { createModelRouter } from "../config/model-router";
import { CliError } from "./cli-error";

/** The configured model names a client is told to ask for. */
export interface ClientModels {
  /** Claude Code's main model (`ANTHROPIC_MODEL`), Codex's model. */
  readonly main: string;
  /** Claude Code's small fast model for background work (`ANTHROPIC_DEFAULT_HAIKU_MODEL`). */
  readonly background: string;
  /** What Claude Code's `/model` (and a subagent) picks as opus, and as sonnet. */
  readonly opus: string;
  readonly sonnet: string;
}

/**
 * Picks the models from the config as its routing would: the main one is `--model` (a name, or a name an
 * alias routes), else the model that receives Claude Code's main names (the `claude-*` alias), else the
 * first model; the background one is the model its haiku names reach, else the main one; opus and sonnet
 * go where their names reach, else to the main one. Exact names go to the client, so aliases are not needed.
 */
export function chooseClientModels(
  models: readonly ModelConfig[],
  requested: string | undefined,
): ClientModels {
  const route = createModelRouter(models);
  const firstRouted = (names: readonly string[]): string | undefined =>
    names.map((name) => route(name)?.name).find((name) => name !== undefined);
  let main: string;
  if (requested !== undefined) {
    const routed = route(requested);
    if (routed === undefined) {
      const names = models.map((model) => model.name).join(", ");
      throw new CliError(
        `--model ${requested}: no model of the config has that name or an alias matching it (models: ${names})`,
        {
          exitCode: 2,
          showUsage: false,
        },
      );
    }
    main = routed.name;
  } else {
    main = firstRouted(CLAUDE_CODE_MODEL_NAMES.main) ?? (models[0] as ModelConfig).name;
  }
  return {
    main,
    background: firstRouted(CLAUDE_CODE_MODEL_NAMES.background) ?? main,
    opus: route(CLAUDE_CODE_MODEL_NAMES.opus)?.name ?? main,
    sonnet: route(CLAUDE_CODE_MODEL_NAMES.sonnet)?.name ?? main,
  };
}
