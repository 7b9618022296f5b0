import type { ModelConfig } from "../config/config";
import { DEMO_CONTEXT_WINDOW } from "../demo/create-demo-upstream";
import { LEARN_WINDOWS_TIMEOUT_MS } from "../server/served/learn-context-windows";
import type { ContextWindow } from "../upstream/context-window";
import { learnContextWindow } from "../upstream/learn-context-window";
import { formatProbeLine } from "./format-probe-line";
import { type ProbeOptions, type ProbeResult, probeHeaders, probeUpstream } from "./probe-upstream";

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_BYTES = 1024 * 1024;

export interface UpstreamCheck {
  /** The model (its `name`) the replica serves. */
  readonly model: string;
  /** The line to print for the model's replica. */
  readonly line: string;
  /** The replica answered with a model list naming `upstream.model` (or is the built-in demo). */
  readonly ok: boolean;
  /** The context window the replica reported, asked as the gateway asks at start; undefined when it did not say. */
  readonly window: ContextWindow | undefined;
}

/**
 * Probes every replica of every model at once (so the whole check takes one timeout at most): one
 * check per replica, in config order. Every replica, not the first: failover hides a dead one at serve time.
 * A replica that answered its model list is then asked for its window (the list itself first).
 */
export function checkUpstreams(
  models: readonly ModelConfig[],
  options: ProbeOptions = { timeoutMs: PROBE_TIMEOUT_MS, maxBytes: PROBE_MAX_BYTES },
): Promise<UpstreamCheck[]> {
  return Promise.all(
    models.flatMap((model) => {
      const { baseUrls } = model.upstream;
      return baseUrls.map(async (baseUrl, index) => {
        const result = await probeUpstream(model.upstream, baseUrl, options);
        const ok =
          result.kind === "demo" ||
          (result.kind === "served" && result.modelIds.includes(model.upstream.model));
        return {
          model: model.name,
          line: formatProbeLine(model, { baseUrl, index, count: baseUrls.length }, result),
          ok,
          window: await windowOf(model, baseUrl, result),
        };
      });
    }),
  );
}

async function windowOf(
  model: ModelConfig,
  baseUrl: string,
  result: ProbeResult,
): Promise<ContextWindow | undefined> {
  if (result.kind === "demo") return DEMO_CONTEXT_WINDOW;
  // A configured window is not asked for, as the gateway does not ask.
  if (result.kind !== "served" || model.contextWindow !== undefined) return undefined;
  return learnContextWindow(
    { baseUrl, headers: probeHeaders(model.upstream) },
    {
      model: model.upstream.model,
      signal: AbortSignal.timeout(LEARN_WINDOWS_TIMEOUT_MS),
      modelList: result.list,
    },
  );
}
