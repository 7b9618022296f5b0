import type { UpstreamConfig } from "../config/config";
import { isDemoUpstream } from "../config/is-demo-upstream";
import { displayBaseUrl } from "./display-base-url";

/** A model's upstream as the summary prints it: the one URL, `built-in demo`, or every replica. */
export function displayBaseUrls(upstream: UpstreamConfig): string {
  if (isDemoUpstream(upstream)) return displayBaseUrl("demo");
  const { baseUrls } = upstream;
  return baseUrls.length === 1 ? baseUrls[0] : `${baseUrls.length} replicas (${baseUrls.join(", ")})`;
}
