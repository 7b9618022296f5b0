import type { Logger } from "pino";
import type { ModelConfig } from "../../config/config";
import { isDemoUpstream } from "../../config/is-demo-upstream";
import { createDemoUpstream } from "../../demo/create-demo-upstream";
import { createHttpUpstream } from "../../upstream/create-http-upstream";
import { createReplicatedUpstream } from "../../upstream/create-replicated-upstream";
import {
  DEFAULT_UNREACHABLE_RETRY,
  retryUnreachable,
  type UnreachableRetry,
} from "../../upstream/retry-unreachable";
import type { Upstream } from "../../upstream/upstream";

/**
 * The built-in demo for `base_url: demo`, else an OpenAI-compatible HTTP upstream with the model's key and
 * timeouts; a list of base URLs gets one per replica behind a replicated upstream, which logs its
 * failovers and cooldowns to `logger`. A single URL stays a plain HTTP upstream (nothing to choose).
 * Either way a request that cannot connect at all is tried again after each of `retry`'s waits.
 */
export function defaultUpstreamFor(
  model: ModelConfig,
  logger?: Pick<Logger, "warn">,
  retry: UnreachableRetry = DEFAULT_UNREACHABLE_RETRY,
): Upstream {
  const { upstream } = model;
  if (isDemoUpstream(upstream)) return createDemoUpstream();
  const replicas = upstream.baseUrls.map((baseUrl) =>
    createHttpUpstream({
      baseUrl,
      ...(upstream.apiKey === undefined ? {} : { apiKey: upstream.apiKey }),
      ...(upstream.headers === undefined ? {} : { headers: upstream.headers }),
      ...(upstream.timeoutMs === undefined ? {} : { timeoutMs: upstream.timeoutMs }),
      ...(upstream.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: upstream.idleTimeoutMs }),
    }),
  );
  if (replicas.length === 1) return retryUnreachable(replicas[0] as Upstream, retry);
  const replicated = createReplicatedUpstream({
    replicas,
    ...(logger === undefined ? {} : { logger }),
    // What the log lines quote of an upstream's answer is scrubbed of these, like client messages.
    secrets: [upstream.apiKey ?? "", ...Object.values(upstream.headers ?? {})].filter(
      (secret) => secret !== "",
    ),
  });
  return retryUnreachable(replicated, retry);
}
