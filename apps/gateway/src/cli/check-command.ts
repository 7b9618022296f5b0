import type { ModelConfig } from "../config/config";
import { loadConfig } from "../config/load-config";
import { configuredWindow } from "../server/served/model-window";
import { smallestWindow } from "../upstream/smallest-window";
import { checkUpstreams, PROBE_TIMEOUT_MS, type UpstreamCheck } from "./check-upstreams";
import { describeAuth } from "./describe-auth";
import { describeWindow } from "./describe-window";
import type { CheckCommandLine } from "./parse-command-line";

/**
 * `sluice check --config FILE`: validates as `serve` does (an invalid file throws `ConfigError`, exit 1),
 * prints the warnings, then one line per model's upstream (per replica of a base_url list), then each
 * model's context window. Exit 0 whatever the upstreams said: the file is fine, and the servers may simply
 * not be up yet; with `--strict` (a deploy step, CI), 1 unless every upstream is ready.
 */
export async function checkCommand(
  { configPath, strict }: CheckCommandLine,
  write: (text: string) => void,
): Promise<number> {
  const config = loadConfig(configPath);
  const models = config.models.length === 1 ? "1 model" : `${config.models.length} models`;
  write(`${configPath} is valid: ${models}, auth ${describeAuth(config.server.apiKeys.length)}\n`);
  for (const warning of config.warnings) write(`warning: ${warning}\n`);
  write(`Probing GET {base_url}/models (${PROBE_TIMEOUT_MS / 1000} s at most):\n`);
  const checks = await checkUpstreams(config.models);
  for (const check of checks) write(`  ${check.line}\n`);
  const ok = checks.filter((check) => check.ok).length;
  write(`${ok} of ${checks.length} upstreams ready.\n`);
  write("Context windows (max_tokens is fitted into them):\n");
  for (const model of config.models) write(`  ${model.name}: ${describeWindow(windowOf(model, checks))}\n`);
  return strict && ok < checks.length ? 1 : 0;
}

/** What the gateway would serve the model with: the configured window, else the smallest its replicas report. */
function windowOf(model: ModelConfig, checks: readonly UpstreamCheck[]) {
  if (model.contextWindow !== undefined) return configuredWindow(model.contextWindow);
  return smallestWindow(checks.filter((check) => check.model === model.name).map((check) => check.window));
}
