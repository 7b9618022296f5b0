import type { UpstreamConfig } from "./config";

/** `base_url: demo`: the built-in in-process demo (the schema allows it only as the single value). */
export function isDemoUpstream(upstream: UpstreamConfig): boolean {
  return upstream.baseUrls[0] === "demo";
}
