import type { ModelConfig } from "../config/config";
import { createDemoUpstream } from "../demo/create-demo-upstream";
import { createHttpUpstream } from "../upstream/create-http-upstream";
import type { Upstream } from "../upstream/upstream";

/** The built-in demo for `base_url: demo`, else an OpenAI-compatible HTTP upstream with the model's key and timeouts. */
export function defaultUpstreamFor(model: ModelConfig): Upstream {
  const { upstream } = model;
  if (upstream.baseUrl === "demo") return createDemoUpstream();
  return createHttpUpstream({
    baseUrl: upstream.baseUrl,
    ...(upstream.apiKey === undefined ? {} : { apiKey: upstream.apiKey }),
    ...(upstream.headers === undefined ? {} : { headers: upstream.headers }),
    ...(upstream.timeoutMs === undefined ? {} : { timeoutMs: upstream.timeoutMs }),
    ...(upstream.idleTimeoutMs === undefined ? {} : { idleTimeoutMs: upstream.idleTimeoutMs }),
  });
}
