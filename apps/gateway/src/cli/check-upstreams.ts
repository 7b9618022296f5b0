import type { ModelConfig } from "../config/config";
import { formatProbeLine } from "./format-probe-line";
import { type ProbeOptions, probeUpstream } from "./probe-upstream";

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_BYTES = 1024 * 1024;

export interface UpstreamCheck {
  /** The line to print for the model's replica. */
  readonly line: string;
  /** The replica answered with a model list naming `upstream.model` (or is the built-in demo). */
  readonly ok: boolean;
}

/**
 * Probes every replica of every model at once (so the whole check takes one timeout at most): one
 * check per replica, in config order. Every replica, not the first: failover hides a dead one at serve time.
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
        return { line: formatProbeLine(model, { baseUrl, index, count: baseUrls.length }, result), ok };
      });
    }),
  );
}
