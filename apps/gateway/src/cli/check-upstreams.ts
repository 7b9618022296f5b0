import type { ModelConfig } from "../config/config";
import { formatProbeLine } from "./format-probe-line";
import { type ProbeOptions, probeUpstream } from "./probe-upstream";

export const PROBE_TIMEOUT_MS = 5_000;
export const PROBE_MAX_BYTES = 1024 * 1024;

export interface UpstreamCheck {
  /** The line to print for the model. */
  readonly line: string;
  /** The upstream answered with a model list naming `upstream.model` (or is the built-in demo). */
  readonly ok: boolean;
}

/** Probes every model's upstream at once (so the whole check takes one timeout at most), in config order. */
export function checkUpstreams(
  models: readonly ModelConfig[],
  options: ProbeOptions = { timeoutMs: PROBE_TIMEOUT_MS, maxBytes: PROBE_MAX_BYTES },
): Promise<UpstreamCheck[]> {
  return Promise.all(
    models.map(async (model) => {
      const result = await probeUpstream(model.upstream, options);
      const ok =
        result.kind === "demo" ||
        (result.kind === "served" && result.modelIds.includes(model.upstream.model));
      return { line: formatProbeLine(model, result), ok };
    }),
  );
}
