import type { Config } from "../config/config";
import type { ContextWindow } from "../upstream/context-window";
import { claudeCodeCommand, KEY_PLACEHOLDER } from "./claude-code-command";
import { describeAuth } from "./describe-auth";
import { describeModel } from "./describe-model";
import { describeWindow } from "./describe-window";

export interface SummaryOptions {
  readonly configPath: string;
  /** Where a client on this machine reaches the gateway. */
  readonly clientOrigin: string;
  /** Each model's context window by name, as the gateway learned it (`Gateway.contextWindows`). */
  readonly windows?: ReadonlyMap<string, ContextWindow | undefined>;
}

/** What `serve` prints under its listening line, for the person who started it. Never a key. */
export function formatSummary(config: Config, options: SummaryOptions): string {
  const keyCount = config.server.apiKeys.length;
  const lines = [
    `  config   ${options.configPath}`,
    ...config.models.map((model) => `  model    ${describeModel(model)}`),
    ...(options.windows === undefined
      ? []
      : config.models.map(
          (model) => `  window   ${model.name}: ${describeWindow(options.windows?.get(model.name))}`,
        )),
    `  auth     ${describeAuth(keyCount)}`,
    ...config.warnings.map((warning) => `  warning  ${warning}`),
    "",
    keyCount === 0
      ? "Point Claude Code at it (any token will do):"
      : `Point Claude Code at it (${KEY_PLACEHOLDER}: ${keyCount === 1 ? "the API key" : `one of the ${keyCount} API keys`}):`,
    `  ${claudeCodeCommand(options.clientOrigin, keyCount)}`,
    // Codex CLI and OpenAI SDKs read the base URL with /v1 (README, "Using Sluice with Codex CLI").
    `OpenAI clients (Codex CLI, the OpenAI SDKs): base URL ${options.clientOrigin}/v1`,
  ];
  return `${lines.join("\n")}\n`;
}
